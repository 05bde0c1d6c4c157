// English templates of the linked-customer side's notices (core: customers/, tokenized/). Keys are
// `area.what`; `{name}` is a parameter. zh-HK: renderer/i18n/notices.customers.zh-HK.ts.

export const CUSTOMER_NOTICES_EN = {
  'link.consent-untrusted': 'The wallet named a consent page at an unexpected address ({address}); it was not opened. Start linking again, and tell your support if this happens again.',
  'link.consent-not-here': 'This screen cannot show the customer’s consent page. Link the customer from the till app.',
} as const;
