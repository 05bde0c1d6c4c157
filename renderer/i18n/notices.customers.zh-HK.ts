import type { CustomerNoticeKey } from '../../shared/notices.ts';

// Traditional Chinese for the linked-customer side's notices (English: shared/notices/customers.en.ts).
// A full record: a key without its text here does not compile.

export const CUSTOMER_NOTICES_ZH_HK: Readonly<Record<CustomerNoticeKey, string>> = {
  'link.consent-untrusted': '錢包提供的同意頁面位址不符預期（{address}），未有開啟。請重新開始連結；如再次發生，請通知支援人員。',
  'link.consent-not-here': '此畫面無法顯示顧客的同意頁面。請在收銀機應用程式連結顧客。',
};
