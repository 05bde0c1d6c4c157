import type { OrderStatus } from '../../../shared/payments.ts';

// Error texts of the in-store API. PUBLISHED ones are the provider's exact strings (wire-details §2.5); a
// client may match on them, so they must not drift. SANDBOX ones cover cases the provider does not publish:
// they are ours, worded for the operator reading a log.

export const PUBLISHED = {
  missingParameters: 'Missing required parameters.',
  invalidDate: 'Invalid Date Header. Date Header has to be ISO-8601 format.',
  invalidCurrencyPair: 'Invalid country to currency pair. Currency is not supported in specified country.',
  missingAuthorization: 'Missing Authorization Header. Field is required in all requests.',
  invalidAuthHeader: 'Invalid Auth Header. Unable to recognize Auth Code.',
  expired: 'Hmac signature has expired, please generate a new signature.',
  invalidAccessKeyId: 'Invalid accessKeyId provided.',
  invalidSignature: 'Invalid signature. Failed to match HMAC signatures.',
  terminalAccessDenied: 'Terminal Access Denied. Insufficient permissions to act on this terminal.',
  unknownPosId: 'Invalid posId. Unable to find matching posId.',
  unknownReferenceId: 'Invalid referenceId. Unable to find an existing payment record with the referenceId provided.',
  referenceIdTaken: 'Invalid ReferenceId. ReferenceId provided is already assigned to an existing resource.',
  notCaptured: 'Order is not in captured state.',
  amountBelowMinimum: 'Amount is lower than minimum amount.',
  amountAboveMaximum: 'Amount has exceeded maximum amount.',
} as const;

export const SANDBOX = {
  invalidAmount: 'Invalid amount. Amount must be a positive integer in the smallest currency unit.',
  invalidField: (field: string, rule: string) => `Invalid ${field}. ${rule}`,
  countryNotOnboarded: (country: string) => `Invalid country. These credentials are not onboarded for ${country}.`,
  referenceIdMismatch: 'Invalid referenceId. The referenceId in the body does not match the one in the path.',
  overRefund: (requested: number, refundable: number) =>
    `Refund amount exceeds the refundable balance. Requested ${requested}, refundable ${refundable} (smallest currency unit).`,
  notCancellable: (status: OrderStatus) =>
    status === 'CANCELLED'
      ? 'Order is already cancelled.'
      : `Order cannot be cancelled in status ${status}. Only CREATED or PENDING orders (before the customer confirms) can be cancelled.`,
  unknownConsumerCode:
    'Invalid consumerQrPayload. The consumer QR code is not recognised; ask the customer to show the payment code again.',
  usedConsumerCode:
    'Invalid consumerQrPayload. The consumer QR code has already been used; ask the customer to refresh the code.',
  expiredConsumerCode:
    'Invalid consumerQrPayload. The consumer QR code has expired; ask the customer to refresh the code.',
} as const;
