// English templates of the in-store payment side's notices (core: instore/, payments/, journal/, settings/,
// receipts/). Keys are `area.what`; `{name}` is a parameter. zh-HK: ../zh-HK/notices.payments.ts.
// Keep a wording once shipped where tests and people look for it: the English is also what the journal holds.

export const PAYMENT_NOTICES_EN = {
  // An error inside a reason: {error} is rendered as the error's notice, else its code's text.
  'payments.error': '{error}',
  // Words that exist only in English: a reason journalled before reasons were notices (journal schema < 7),
  // or the specifics of an error from a client that does not send notices yet. Shown as written.
  'payments.reason-recorded': '{text}',
  // Several things still open on one payment, one after the other.
  'payments.reasons-joined': '{first} {rest}',
  // A refusal in our words, then the provider's own sentence exactly as it came (never translated): what
  // support and the provider's documents go by.
  'payments.provider-said': '{reason} The provider said: “{providerText}”',

  'amount.below-minimum': 'The smallest amount this terminal takes is {min}.',
  'amount.above-limit': 'This amount is above the limit of {max} set for this terminal.',
  // The provider's own limits for this shop, as far as its refusals have shown them (it publishes none).
  'amount.provider-minimum-learned': 'The provider’s smallest amount for this shop is at least {min}.',
  'amount.provider-maximum-learned': 'The provider’s largest amount for this shop is at most {max}.',
  'currency.terminal-only': 'This terminal takes payments in {currency} only.',
  'payments.other-terminal':
    'This payment was taken on terminal {paymentPosId}; the till is now set up as {currentPosId}. Switch Settings back to settle it.',
  'payments.lookup-failed': 'The status lookup failed.',

  // Why a payment's outcome is still being found out (the unresolved list, the payment screens).
  'unresolved.checking': 'Checking with the provider: {reason}',
  'unresolved.exists-not-found':
    'The provider said this payment exists but does not show it yet; checking again until it does.',
  'unresolved.not-found-yet':
    'The provider has no record of this payment yet; a slow request could still arrive. Checking again.',
  'unresolved.resending': 'The provider has no record of this payment; sending it again ({count} of {max}).',
  'unresolved.already-exists': 'The provider already has this payment; reading its status.',
  'unresolved.refused': 'The provider refused the payment ({error}); making sure nothing was charged.',
  'unresolved.refund-checking': 'Refund of {amount} is being checked: {reason}',
  'unresolved.refund-confirming': 'Refund of {amount} is being confirmed with the provider.',
  'unresolved.cancel-checking': 'Cancel is being checked: {reason}',
  'unresolved.cancel-confirming': 'Cancel is being confirmed with the provider.',
  'payments.declined-by-wallet': 'Declined by the wallet.',

  // Cancels.
  'cancel.never-sent': 'The payment never reached the provider: there was nothing to cancel.',
  'cancel.provider-refused-payment': 'The provider refused the payment: there was nothing to cancel.',
  'cancel.not-found-yet': 'The provider has no record of this payment yet.',
  'cancel.resending': 'The provider still shows the payment open; sending the cancel again.',
  'cancel.confirmed-in-app':
    'The customer has already confirmed this payment in the wallet app; it can no longer be cancelled.',
  'cancel.already-paid': 'This payment is already paid. Refund it instead.',
  'cancel.already-refunded': 'This payment is already paid and refunded.',
  'cancel.already-cancelled': 'This payment is already cancelled.',
  'cancel.already-failed': 'This payment has already failed; there is nothing to cancel.',
  'cancel.already-expired': 'This payment has already expired; there is nothing to cancel.',
  'cancel.did-not-go-through': 'This payment did not go through; there is nothing to cancel.',

  // Refunds.
  'refund.reason-missing': 'Enter a reason for the refund.',
  'refund.at-other-till': 'This payment was taken at till {till}: refund it there, where its shift and its record are.',
  'refund.without-receipt-needs-approval':
    'This payment was found without its receipt: the refund needs an approver’s PIN.',
  'refund.supervisor-pin-not-set':
    'No supervisor PIN is set up on this till. An admin must set one in Settings before refunds can be made.',
  'refund.nothing-left': 'Nothing is left to refund on this payment.',
  'refund.nothing-left-elsewhere':
    'This payment has already been refunded in full (partly outside this till). Nothing is left to refund.',
  'refund.left-after-elsewhere':
    'Part of this payment was refunded outside this till: at most {left} is left to refund.',
  'refund.payment-not-found-now':
    'The provider did not find this payment just now, so nothing was refunded. Try again in a moment.',
  'refund.check-failed':
    'The payment could not be checked with the provider before refunding, so nothing was refunded. {reason}',
  'refund.another-in-flight':
    'A refund of {amount} on this payment is still being confirmed with the provider. Wait until it is done, then refund again if needed.',
  'refund.another-just-made':
    'Another refund was just made on this payment. Check the payment again, then refund what is still needed.',
  'refund.other-unsettled':
    'Another refund on this payment is still being checked; this one is sent again only after it is settled.',
  'refund.not-shown-yet': 'The provider does not show this refund yet; a slow request could still arrive.',
  'refund.payment-not-found': 'The provider did not find the payment this refund belongs to.',
  'refund.resending': 'The provider does not show this refund; sending it again with the same key.',

  // Lists, summary, receipts.
  'history.position-invalid': 'The list position is no longer valid. Go back to the first page.',
  'history.page-size': 'A page holds 1 to {max} payments.',
  'summary.currency-needed': 'No payments yet: choose the currency for the summary.',
  'summary.day-invalid': '"{day}" is not a date. Pick a day from the calendar.',
  'receipt.not-paid': 'This payment was not paid, so there is no receipt to print.',
  'receipt.no-refund': 'This payment has no refund, so there is no refund slip to print.',
  'receipt.printer-failed':
    "The receipt printer did not print. Check that it is on, has paper and is the default printer, then reprint from the payment's detail.",
  'receipt.printer-failed-because':
    "The receipt printer did not print ({detail}). Check that it is on, has paper and is the default printer, then reprint from the payment's detail.",

  // Settings, credentials, the app. A refused field's message stands next to that field: no label needed.
  'settings.unknown-setting': '"{name}" is not a setting this terminal knows.',
  'settings.value-invalid': 'This value is not valid.',
  'settings.required': 'Enter a value.',
  'settings.required-for-live': 'A real environment needs this: enter it (the demo needs none).',
  'settings.at-least': 'Enter {minimum} or more.',
  'settings.at-most': 'Enter {maximum} or less.',
  'settings.too-long': 'Use at most {maximum} characters.',
  'settings.choose-from-list': 'Choose one of the values offered.',
  'settings.currency-not-in-country': 'This currency is not used in the selected country.',
  'settings.min-above-max': 'The minimum amount is above the maximum.',
  'settings.https-or-local': 'Enter an https:// address (plain http only for this computer).',
  'settings.https-or-local-or-empty':
    'Enter an https:// address (plain http only for this computer), or leave it empty.',
  'settings.https-or-empty': 'Enter an https:// address, or leave it empty.',
  'settings.printer-host-missing': 'Enter the network printer’s address (its IP address or name).',
  'settings.printer-path-missing': 'Enter the printer’s device (for example /dev/usb/lp0, or COM3 on Windows).',
  'settings.printer-path-not-device':
    '{path} is not a printer port: enter the printer’s device (/dev/usb/lp0, /dev/ttyUSB0; COM3, LPT1 or USB001 on Windows).',
  'settings.printer-path-in-data-folder':
    'That path is inside the till’s data folder: a printer is never a file there.',
  'settings.pin-digits': 'Use 4 to 12 digits.',
  'settings.admin-pin-first':
    'Set an admin PIN first (it can be in the same save): without one, anyone at the till can change this.',
  'settings.admin-pin-still-needed':
    'The admin PIN cannot be removed while a supervisor PIN is set or register refunds are on: without it, anyone at the till could change them.',
  'settings.secret-empty': 'Enter a value, or use "Remove" to delete it.',
  'settings.secret-spaces': 'Paste the secret without spaces before or after it.',
  'settings.time-zone-unknown': '"{timeZone}" is not a time zone this computer knows. Choose one like Asia/Singapore.',
  'settings.port-in-use': 'Another program on this computer already uses port {port}. Choose another port.',
  'settings.port-of-till':
    'This till already uses port {port} itself (its screens, the demo provider or payment notifications). Choose another port.',
  'settings.port-not-allowed': 'This computer does not let the till listen on port {port}. Choose another port.',
  // Settings → Register: why the register connection is on but not listening (its status line).
  'ecr.port-in-use':
    'Another program on this computer took port {port}, so registers cannot connect. Choose another port and save, or close that program and save again.',
  'ecr.port-not-allowed':
    'This computer does not let the till listen on port {port}, so registers cannot connect. Choose another port and save.',
  'ecr.not-started':
    'The register connection could not start, so registers cannot connect. Save again; if it stays, choose another port or network.',
  // A listener that could not start (electron/core/http/listen.ts): the reason inside listen.refused.
  'listen.port-in-use': 'Another program on this computer already uses port {port}.',
  'listen.port-not-allowed': 'This computer does not let the till listen on port {port}.',
  'listen.not-started': 'The till could not listen on port {port}.',
  'pin.locked-seconds': 'Too many wrong PINs. Wait {seconds} seconds, then try again.',
  'pin.locked-minutes': 'Too many wrong PINs. Wait {minutes} minutes, then try again.',
  'pin.locked-hours': 'Too many wrong PINs. Wait {hours} hours, then try again.',
  'auth.missing-for':
    'No credentials are set up for {environment}: {missing} missing. An admin must enter them in Settings.',
  'vault.nothing-to-reset': 'The secret vault can be read: there is nothing to reset.',
  'journal.payments-newer':
    'The payment journal was written by a newer version of this app (schema {schema}, this app knows {known}). Update the app before taking payments.',
  'journal.payments-unopenable':
    'The payment journal could not be opened ({reason}). Payments are paused to keep records safe.',
  'vault.no-key-store':
    'Secrets cannot be stored safely on this computer: no OS key store (GNOME Keyring or KWallet) is running.',
  'ipc.invalid-payload-at': 'The app sent incomplete details ({field}). Check the entry and try again.',
} as const;
