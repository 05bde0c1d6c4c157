import type { CustomerNoticeKey } from '../../shared/notices.ts';

// Traditional Chinese for the linked-customer side's notices (English: shared/notices/customers.en.ts).
// A full record: a key without its text here does not compile.

export const CUSTOMER_NOTICES_ZH_HK: Readonly<Record<CustomerNoticeKey, string>> = {
  'link.consent-not-here': '此畫面無法顯示顧客的同意頁面。請在收銀機應用程式連結顧客。',
};
