// The journal's public surface: what the payment service, the web host and the renderer's rules import.
export { openJournal, journalFileIn, JOURNAL_FILE_NAME, type Journal, type JournalOptions } from './journal.ts';
export type { AttemptPatch, NewAttempt } from './attempts.ts';
export type { NewRefund, RefundPatch } from './refunds.ts';
export type { LookedUpPayment } from './looked-up.ts';
export { checkBaselineStillExact } from './refunds.ts';
export type { ProviderRefundTotalOutcome } from './provider-refund-total.ts';
export type { CancelPatch, NewCancel } from './cancels.ts';
export type { NewEvent } from './events.ts';
export type {
  AttemptRow,
  CancelOutcome,
  CancelRow,
  CancelState,
  EventKind,
  EventRow,
  ForRegister,
  RefundRow,
} from './rows.ts';
export {
  displayStatusOf,
  isCancellable,
  isFinalProviderStatus,
  refundableMinorOf,
  refundTotalsOf,
  UNSETTLED_STATES,
} from './display-status.ts';
export { toPaymentView, toRefundView, toJournalEvent, toStatusChange, unresolvedReasonOf } from './views.ts';
export { isReferenceId, REFERENCE_ID_PATTERN } from './reference-id.ts';
export { consumerCodeHash } from './attempts.ts';
export { LEGACY_KEY_ID_PREFIX, REQUEST_RETENTION_MS } from './register.ts';
export type {
  NewRegisterRequest,
  NewRegisterSale,
  RegisterOperation,
  RegisterRequestRow,
  RegisterSaleRow,
} from './register.ts';
export type { ShiftRow } from './shifts.ts';
