// English templates of the linked-customer side's notices (core: customers/, tokenized/). Keys are
// `area.what`; `{name}` is a parameter. zh-HK: renderer/i18n/notices.customers.zh-HK.ts.

export const CUSTOMER_NOTICES_EN = {
  'link.consent-untrusted':
    'The wallet named a consent page at an unexpected address ({address}); it was not opened. Start linking again, and tell your support if this happens again.',
  'link.consent-not-here': 'This screen cannot show the customer’s consent page. Link the customer from the till app.',
  'journal.customers-damaged':
    'The linked-customer journal {file} is damaged and cannot be read. Close the app and restore this file from a backup. Without a backup, move the damaged file aside (keep it: it is the record of past charges and holds) and start the app again with a new, empty one; customers then need to link again.',
  'journal.customers-unopenable':
    'The linked-customer journal {file} could not be opened ({reason}). Check that the file and its folder can be written, then start the app again.',
} as const;
