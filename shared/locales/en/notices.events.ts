// English templates of the payment journal's events (core: journal/, payments/, http/): one line for people
// about what was sent, what came back, what the till found out. The core journals each event as its key and
// parameters beside this English (kept for the file, the CSV export and the logs); the payment detail screen
// renders the key in the cashier's language. Keep a wording once shipped: support searches old journals by it.
// {refundId}, {cancelId}: the till's ids; {status}: the provider's order status (CAPTURED…), shown as it came.

export const EVENT_NOTICES_EN = {
  // What the till sent.
  'event.create-sent': 'create sent',
  'event.scan-sent': 'scan sent',
  'event.refund-sent': 'refund {refundId} sent',
  'event.cancel-sent': 'cancel {cancelId} sent',
  // One HTTP attempt, for support: {operation} is the provider call (create, status…), {outcome} "HTTP 200" or
  // our error code.
  'event.http-attempt': '{operation} attempt {attempt}: {outcome} after {durationMs} ms',

  // What the provider answered.
  'event.order-created': 'order created at the provider',
  'event.order-placed': 'order placed at the provider',
  // Never reword: a restarted till recognised this event by its words before the event carried a marker.
  'event.provider-said-exists': 'the provider answered that this reference already exists (409): the order is there',
  'event.refund-confirmed': 'refund {refundId} confirmed by the provider',
  'event.refund-refused': 'refund {refundId} refused: {reason}',
  'event.refund-outcome-unknown': 'refund {refundId} outcome unknown: {reason}',
  'event.cancel-accepted': 'cancel {cancelId} accepted by the provider',
  'event.cancel-refused': 'cancel {cancelId} refused: {reason}',
  'event.cancel-outcome-unknown': 'cancel {cancelId} outcome unknown: {reason}',
  'event.refused': 'refused: {reason}',

  // What the till found out by looking the payment up ({trigger}: poll, webhook, screen, check…).
  'event.status': 'status {status} ({trigger})',
  'event.status-later': 'status {status} (found on a later check)',
  'event.found-at-provider': 'found at the provider: {status}',
  'event.qr-not-fetched': 'the QR of this order could not be fetched again',
  'event.never-sent': 'not at the provider after the settle time: the payment was never sent',
  'event.not-found-still-checking': 'the provider does not find this open order; still checking',
  'event.provider-disagrees': 'the provider now says {status}, the journal keeps {kept}',
  'event.expired-cancel-recorded': 'still open past its expiry: cancel {cancelId} recorded by the till',
  'event.cancel-cancelled': 'cancel {cancelId}: cancelled',
  'event.cancel-not-cancellable': 'cancel {cancelId}: not-cancellable',
  'event.cancel-failed': 'cancel {cancelId}: failed',
  'event.refund-in-total': "refund {refundId} found in the provider's refund total",
  'event.refund-resending': "refund {refundId} not in the provider's total: sending it again",
  'event.refunded-ours': 'REFUNDED: our refunds add up to the order amount',
  'event.refunded-with-elsewhere': 'REFUNDED: refunds here and elsewhere add up to the order amount',
  'event.provider-refund-total': "the provider's refund total is {total}",
  'event.provider-refund-total-elsewhere':
    "the provider's refund total is {total} ({elsewhere} of it outside this till)",
  'event.looked-up':
    'taken at another terminal: looked up at the provider by its reference, recorded here to refund it',

  // The till itself.
  'event.resumed': 'resumed after the app started',
  'event.worker-failed': 'worker: {message}',
} as const;
