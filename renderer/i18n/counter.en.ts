// English strings of the counter's harder moments (issue 12: results that keep the sale, the provider not
// answering, open payments, the typed code), spread into en.ts. Every key must exist in counter.zh-HK.ts too.

export const COUNTER_EN = {
  'sale.staleAmount': 'Amount from the last attempt: type digits to start a new one, or press Enter to charge it.',
  'sale.overMaximum': 'The most this terminal takes is {amount}: that digit was not added.',
  'payment.tryAgain': 'Try again',
  'payment.otherMethodScan': 'Scan the customer instead',
  'payment.otherMethodQr': 'Show our QR instead',
  'payment.done': 'Done',
  'payment.retrying': 'Starting again…',
  'payment.outage': 'The wallet service is not answering; the till keeps trying — you can cancel this attempt.',
  'payment.cancelAttempt': 'Cancel this attempt',
  'payment.cancelAttemptRequested':
    'Cancelling this attempt: the till cancels whatever the wallet service has as soon as it answers. Nothing will be charged. You can start the next sale.',
  'openPayment.banner': 'A payment of {amount} is still open ({reference}): the customer could still pay it.',
  'openPayment.showQr': 'Show QR',
  'openPayment.cancel': 'Cancel it',
  'scan.typeCode': 'Code damaged or unreadable? Type it here',
  'scan.typeCodeSubmit': 'Charge with this code',
  'scan.typedTooSlow': 'That was typed, not scanned: scanners type faster — use the field below.',
  'detail.showQr': 'Show QR',
  // The provider's payment types, as on the receipt (shared/receipt.ts).
  'paymentType.PAY': 'Wallet payment',
  'paymentType.PAYLATER': 'Pay later',
  'refund.noPin':
    'No supervisor PIN is set on this till, so a refund cannot be approved here. An admin sets one in Settings → Supervisor PIN.',
  'refund.paidAt': 'Paid on',
  'refund.confirmQuestion': 'Refund {amount} to the customer’s wallet?',
  'refund.confirmYes': 'Yes, refund {amount}',
  'refund.confirmBack': 'Go back',
  'refund.doneTitle': 'Refund of {amount}',
  'refund.newLookup': 'Refund another payment',
  'refund.backToPayment': 'Back to the payment',
  'refund.more': 'Refund more of this payment',
} as const;
