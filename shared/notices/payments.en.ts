// English templates of the in-store payment side's notices (core: instore/, payments/, journal/, settings/,
// receipts/). Keys are `area.what`; `{name}` is a parameter. zh-HK: renderer/i18n/notices.payments.zh-HK.ts.

export const PAYMENT_NOTICES_EN = {
  'refund.reason-missing': 'Enter a reason for the refund.',
} as const;
