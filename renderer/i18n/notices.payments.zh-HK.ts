import type { PaymentNoticeKey } from '../../shared/notices.ts';

// Traditional Chinese for the in-store payment side's notices (English: shared/notices/payments.en.ts).
// A full record: a key without its text here does not compile.

export const PAYMENT_NOTICES_ZH_HK: Readonly<Record<PaymentNoticeKey, string>> = {
  'refund.reason-missing': '請輸入退款原因。',
};
