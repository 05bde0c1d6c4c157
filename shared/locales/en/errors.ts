import { UPDATE_ERRORS_EN } from './errors.updates.ts';

// Each error code's text in English: what the screens show for a code without a notice, and what the core
// writes into its logs (shared/errors.ts defaultMessage). The codes are the keys of this record; a code without
// its text in ../zh-HK/errors.ts does not compile.

export const ERRORS_EN = {
  'auth.signature': 'The provider rejected our signature. Check the access key secret in Settings.',
  'auth.clock-skew': "This till's clock is out of sync with the provider. Fix the system time, then try again.",
  'auth.unknown-key': 'The provider does not know this access key. Check the environment and access key in Settings.',
  'auth.missing': 'No credentials are set up for this environment. An admin must enter them in Settings.',
  'auth.unauthorized': 'The provider refused our login. Check the merchant id and secret in Settings.',
  'terminal.denied': 'This terminal (posId) belongs to other credentials. Check the posId in Settings.',
  'pos.unknown': 'The provider does not know this terminal (posId). Check the posId in Settings.',
  'order.not-found': 'The provider has no payment with this reference.',
  'order.duplicate-reference': 'This payment reference was already used. Start a new sale.',
  'charge.id-reused':
    'This sale was already charged for another amount. Key the amount again and charge it as a new sale.',
  'order.not-captured': 'Only a paid order can be refunded.',
  'order.not-cancellable': 'This payment can no longer be cancelled: the customer has already confirmed it.',
  'order.not-refundable': 'This payment cannot be refunded in its current state.',
  'refund.exceeds-refundable': 'The refund is larger than what is left to refund on this payment.',
  'consumer-code.already-used':
    'This customer code was already used. Ask the customer to refresh the code in their app.',
  'consumer-code.invalid': 'This is not a wallet payment code. Ask the customer to show the payment QR in their app.',
  'consumer-code.expired': 'This customer code has expired. Ask the customer to refresh the code in their app.',
  'amount.invalid': 'Enter an amount above zero.',
  'amount.over-limit': 'This amount is above the limit set for this terminal.',
  'amount.below-provider-minimum': 'This amount is below the smallest amount this shop may charge with the wallet.',
  'amount.above-provider-maximum': 'This amount is above the largest amount this shop may charge with the wallet.',
  'currency.unsupported': 'This currency cannot be used in the selected country.',
  'admin.pin-required': 'Settings are locked. Enter the admin PIN to change them.',
  'supervisor.pin-required': 'A supervisor PIN is required for this action.',
  'supervisor.pin-wrong': 'That supervisor PIN is not correct.',
  'request.invalid': 'The request was not accepted. Check the details and try again.',
  'network.timeout': 'The provider did not answer in time. The payment is being checked.',
  'network.unreachable': 'The provider cannot be reached. Check the network connection.',
  'provider.unavailable': 'The provider is temporarily unavailable. Please try again shortly.',
  'provider.bad-response': 'The provider sent a reply we could not read. The payment is being checked.',
  'payment-token.invalid': "This customer's link is no longer valid. Link the customer again.",
  'link.expired': 'The linking session expired. Start linking again.',
  'link.failed': 'Linking did not complete. Start linking again.',
  'preauth.not-found': 'This hold was not found at the provider.',
  'preauth.already-captured': 'This hold was already captured.',
  'preauth.already-voided': 'This hold was already released.',
  'preauth.declined': 'The hold was declined. Offer another payment method.',
  'preauth.expired': 'This hold has expired. Place a new hold if needed.',
  'unlink.blocked': 'This customer has an open hold. Capture or release it before unlinking.',
  'preauth.pending': 'The hold is still being approved. Wait a moment, then try again.',
  'customer.not-found': 'This customer is not linked on this till. Link the customer first.',
  'customer.outcome-unknown':
    'An earlier charge or hold for this customer is still being checked with the provider. Wait for its result before charging or holding again, so nothing is taken twice.',
  'customer.hold-pending':
    'A hold for this customer is still being approved by the wallet. Wait for its result before placing another hold, so the amount is not held twice.',
  'approval.required': 'The customer has not approved this yet. Ask for their approval first.',
  'approval.declined': 'The customer declined. Nothing was taken.',
  'approval.expired': 'The approval ran out of time. Ask the customer again.',
  'approval.mismatch': 'This approval was given for another amount or customer. Ask the customer again.',
  'settings.invalid': 'Some settings are not valid. Check the highlighted fields.',
  'vault.unavailable': 'Secrets cannot be stored safely on this computer (no OS key store).',
  'vault.unreadable':
    'The stored credentials and PINs cannot be read, so settings are locked. Restore the secret vault from a backup and restart, or reset it (every credential and PIN must then be entered again).',
  'journal.unavailable': 'The payment journal cannot be written. Payments are paused to keep records safe.',
  'listen.refused': 'The till could not listen on one of its ports. Payments go on; Settings says which port.',
  'ecr.keys-unsaved':
    'The till could not save its register keys, so nothing was changed. Check that the disk has room, then try again.',
  'ecr.idempotency-key-expired':
    'This Idempotency-Key was used more than 24 hours ago. Send every new request with a new key.',
  'admin.pin-not-set':
    'Set an admin PIN first (Settings → PINs): until one is set, anyone at the till can change settings, so this would protect nothing.',
  'payment-token.key-unreadable':
    "The key that protects linked customers' payment tokens cannot be read, so no linked customer can be charged. Restore the secret vault from a backup and restart the till.",
  'journal.lost':
    "This till's journal is missing, emptied, replaced, older than what the till wrote, or damaged. Nothing is taken until an admin restores it or starts a new journal.",
  'journal.conflict': 'This payment changed while it was being updated. It is being checked again.',
  'payment.not-found': 'No payment with this reference was found on this till.',
  'ipc.unknown-channel': 'The app asked for something that does not exist. Restart the app.',
  'ipc.forbidden': 'This request came from an untrusted page and was refused.',
  'ipc.invalid-payload': 'The app sent incomplete details. Check the entry and try again.',
  internal: 'Something went wrong inside the app. The payment journal is safe; try again.',
  'ecr.unauthorized':
    'The register connection did not accept this key: it is missing, wrong or revoked. An admin creates keys in Settings → Register.',
  'ecr.busy':
    'The till is busy with another sale. Wait until it is paid, failed or cancelled, then send the sale again.',
  'ecr.refunds-disabled':
    'Refunds over the register connection are turned off. An admin can allow them in Settings → Register.',
  'ecr.idempotency-key-missing':
    'Every register request that changes something needs an Idempotency-Key header of 1 to 128 printable ASCII characters.',
  'ecr.idempotency-conflict':
    'This Idempotency-Key was already used for another request. Send a new key with a new request.',
  'ecr.invalid-request': 'The register sent a request the till cannot accept. Check its fields.',
  'ecr.not-found': 'The register connection has no such address.',
  'ecr.method-not-allowed': 'The register connection does not accept this method at this address.',
  'ecr.unsupported-media-type': 'The register must send JSON (Content-Type: application/json).',
  'ecr.request-too-large': 'The register sent a request that is too large.',
  'ecr.request-timeout':
    'The register’s request did not arrive whole in time, so the connection was closed. Send it again.',
  'ecr.forbidden':
    "The register connection refused this request: it answers register programs only, at the till's own address.",
  'ecr.key-name-taken':
    'A register key with this name already exists. Choose another name, or revoke the old key first.',
  'ecr.key-not-found': 'There is no register key with this name.',
  'ecr.sale-cancelled': 'This register sale was cancelled. Nothing was charged.',
  'ecr.sale-expired':
    'This register sale expired: no customer code was scanned in time. Nothing was charged; the register can send it again.',
  'ecr.too-many-connections':
    'This register key holds too many event streams or long polls at once. Close some before opening more.',
  'ecr.keys-unreadable':
    'This till cannot read its register keys, so no register is accepted. An admin creates the keys again in Settings → Register.',
  'printer.paper-out': 'The receipt printer is out of paper. Put in a new roll, then press Print again.',
  'printer.cover-open': "The receipt printer's cover is open. Close it, then press Print again.",
  'printer.offline':
    'The receipt printer is off or cannot be reached. Check its power and cable (or network), then press Print again.',
  'printer.failed':
    'The receipt printer did not answer as a receipt printer should. Check the printer settings (Settings → Devices), then press Print again.',
  'headOffice.off': 'This till is not connected to a head office. An admin turns it on in Settings → Head office.',
  'headOffice.unavailable': 'The head office cannot be reached right now. Sales go on here; try again in a moment.',
  'auth.wrong-pin': 'That PIN is not known at this till. Try again.',
  'auth.locked': 'Too many wrong PINs. Wait, then try again.',
  'auth.sign-in-required': 'Sign in first: this till asks who is at the till before a sale or a refund.',
  'auth.not-allowed': 'Your role may not do this. Ask a supervisor.',
  'staff.invalid': 'Some details of this person are not valid. Check the highlighted fields.',
  'staff.not-found': 'This person is not on this till’s staff list.',
  'settings.locked':
    'This setting is set by your organisation (its policy file) and cannot be changed on this till. Ask your IT team.',
  'support.bundle-failed':
    'The support bundle could not be saved. Check that the disk has space, then press Save support bundle again.',
  ...UPDATE_ERRORS_EN,
  'shift.already-open': 'A shift is already open. Close it before opening another.',
  'shift.not-open': 'Open a shift to start selling: this till sells only in a shift.',
  'shift.none-open': 'No shift is open. Open a shift first.',
  'shift.not-found': 'There is no such shift on this till.',
  'shift.payments-open':
    'Some payments are still open or being checked, so the shift cannot close yet. Settle them first, or ask a supervisor to close anyway.',
} as const;
