// English templates of the linked-customer side's notices (core: customers/, tokenized/). Keys are
// `area.what`; `{name}` is a parameter. zh-HK: ../zh-HK/notices.customers.ts.
// Keep a wording once shipped: the English is also what the linked-customer journal holds.

export const CUSTOMER_NOTICES_EN = {
  'link.consent-untrusted':
    'The wallet named a consent page at an unexpected address ({address}); it was not opened. Start linking again, and tell your support if this happens again.',
  'link.consent-not-here': 'This screen cannot show the customer’s consent page. Link the customer from the till app.',
  'link.hint-needed': "Enter the customer's phone number or e-mail address.",
  'link.phone-hint-invalid': 'Enter the full phone number (it is shown redacted to the customer).',
  'link.email-hint-invalid': 'Enter a valid e-mail address (it is shown redacted to the customer).',
  'link.not-stored':
    "The customer approved, but this till could not store the link safely. Check this computer's key store, then link the customer again.",
  'journal.customers-damaged':
    'The linked-customer journal {file} is damaged and cannot be read. Close the app and restore this file from a backup. Without a backup, move the damaged file aside (keep it: it is the record of past charges and holds) and start the app again with a new, empty one; customers then need to link again.',
  'journal.customers-unopenable':
    'The linked-customer journal {file} could not be opened ({reason}). Check that the file and its folder can be written, then start the app again.',
  'journal.customers-newer':
    'The linked-customer journal was written by a newer version of this app (schema {schema}, this app knows {known}). Update the app.',

  // Set-up the linked-customer side needs beyond the in-store one.
  'customers.credentials-missing':
    'Linked-customer payments need a merchant id and secret. An admin must enter them in Settings.',
  'customers.callback-missing':
    'Linked-customer payments need the linking callback address. An admin must enter it in Settings.',
  'customers.gateway-missing': 'Linked-customer payments need the merchant gateway address for a custom environment.',
  'customers.currency-other': 'This currency is not the one set up for linked-customer payments.',
  'customers.reference-taken': 'This reference was already used; nothing was sent. Try again.',

  // Holds and unlinking.
  'hold.not-on-till': 'No hold with this reference on this till.',
  'hold.never-placed-capture': 'This hold was never placed, so it cannot be captured.',
  'hold.never-placed-release': 'This hold was never placed, so it cannot be released.',
  'unlink.still-checking':
    'A charge or hold for this customer is still being checked with the provider. Wait for its result, then unlink.',
  'unlink.open-holds': 'This customer has {count} open holds. Capture or release them before unlinking.',
  'unlink.hold-elsewhere':
    'The wallet still has an open hold for this customer that this till cannot settle (one it stopped checking, or one placed elsewhere). Check it with the provider before unlinking.',

  // Why the till STOPPED finding out a charge's or hold's outcome by itself (shown after "Stopped checking:";
  // the journal keeps it after "stopped: "). Every key of this kind starts with `stopped.`.
  'stopped.too-late':
    'not re-sent more than {minutes} minutes after it was first sent, so it cannot charge the customer late; check it with the provider',
  'stopped.link-invalid': "the customer's link is no longer valid; check it with the provider",
  'stopped.hold-unknown':
    'the provider does not know this hold (environment or merchant changed?); check it with the provider',
  'stopped.resend-refused': 'the provider refused the re-send ({error}); check it with the provider',
  // A reason journalled before reasons were notices (linked-customer journal schema < 4): shown as written.
  'stopped.recorded': '{text}',
} as const;
