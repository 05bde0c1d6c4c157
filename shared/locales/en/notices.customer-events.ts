// English templates of the linked-customer journal's events (core: customers/): what was sent, answered and
// found out about a customer's link, charges and holds, for support reading the journal. The customer journal
// keeps this English (no screen lists its events yet); keep a wording once shipped, support searches by it.
// {status}: the provider's own status word (APPROVED, AUTHORIZED, SUCCESS…), shown as it came; {code}: our
// error code; {order}: the provider's order uuid; {session}: the link session's token.

export const CUSTOMER_EVENT_NOTICES_EN = {
  'customer-event.link-opened': 'link session {session} opened',
  'customer-event.link-refused': 'link session {session} refused: consent page not expected ({reason})',
  'customer-event.linked': 'linked (session {session})',
  'customer-event.unlinked': 'unlinked',
  'customer-event.token-refused': 'the provider refused the payment token: link again',

  'customer-event.charge-sent': 'charge {amount} (cashback on)',
  'customer-event.charge-sent-no-cashback': 'charge {amount} (cashback off)',
  'customer-event.hold-sent': 'hold {amount}',
  'customer-event.outcome-unknown': 'outcome unknown ({code}); being checked',
  'customer-event.resend-refused': "re-send refused ({code}); the first send's outcome is still unknown",
  'customer-event.refused': 'refused: {code}',
  'customer-event.charge-approved': 'charge approved, order {order}',
  'customer-event.charge-rejected': 'charge rejected ({reason})',
  'customer-event.charge-rejected-no-reason': 'charge rejected (no reason given)',
  'customer-event.hold-status': 'hold {status}',
  'customer-event.hold-status-reason': 'hold {status} ({reason})',

  'customer-event.resent': 're-sent with the same idempotency key and merchantRef to learn the outcome',
  'customer-event.stopped-too-late':
    'resolution stopped: more than {minutes} minutes since the first send; not re-sent',
  'customer-event.stopped-no-token': 'resolution stopped: no usable token',
  'customer-event.stopped-hold-unknown': 'resolution stopped: the provider keeps answering pre-auth.not-found',

  'customer-event.capture-sent': 'capture sent',
  'customer-event.captured': 'captured, order {order}',
  'customer-event.void-sent': 'void sent',
  'customer-event.voided': 'voided',
  'customer-event.capture-outcome-unknown': 'capture outcome unknown ({code}); checking the hold',
  'customer-event.void-outcome-unknown': 'void outcome unknown ({code}); checking the hold',
  'customer-event.capture-refused': 'capture refused: {code}',
  'customer-event.void-refused': 'void refused: {code}',
  'customer-event.capture-not-sent': 'the capture did not reach the provider; the hold is still authorised',
  'customer-event.void-not-sent': 'the void did not reach the provider; the hold is still authorised',
  'customer-event.capture-rejected': 'capture rejected ({reason}); nothing taken; checking the hold with the provider',
  'customer-event.capture-rejected-disagrees':
    "the provider's pre-auth says {status} although its capture was answered REJECTED; the synchronous answer stands — check it with the provider",

  // An order webhook is a hint to look the order up, never an outcome: {status} is what it claimed.
  'customer-event.hint-hold-already':
    'order webhook {status} (a hint, not an outcome): the hold is already {held}; nothing to look up',
  'customer-event.hint-hold-settled':
    'order webhook {status} (a hint, not an outcome): the hold is already settled; nothing to look up',
  'customer-event.hint-hold-lookup-failed':
    'order webhook {status} (a hint, not an outcome): looking the hold up failed ({code}); it is checked again when the customer is opened',
  'customer-event.hint-hold-status':
    'order webhook {status} (a hint, not an outcome): the provider says the hold is {held}',
  'customer-event.hint-hold-status-unknown':
    'order webhook {status} (a hint, not an outcome): the provider says the hold is unknown',
  'customer-event.hint-charge-resolving':
    "order webhook {status} (a hint, not an outcome): finding out the charge's outcome now",
  'customer-event.hint-charge-stands':
    "order webhook {status} (a hint, not an outcome): the charge's outcome is its answer ({answer}), which stands",
  'customer-event.hint-charge-stands-none':
    "order webhook {status} (a hint, not an outcome): the charge's outcome is its answer (none), which stands",
  'customer-event.rejected-capture-duplicate':
    'duplicate order webhook for the rejected capture ignored (order {order}, {status})',
  'customer-event.rejected-capture-success':
    'order webhook SUCCESS for the capture answered REJECTED (order {order}); the synchronous answer stands — check it with the provider',
  'customer-event.rejected-capture-other':
    'order webhook {status} for the capture answered REJECTED (order {order}): nothing taken, as answered',
} as const;
