import { randomUUID } from 'node:crypto';
import type { PaymentMethod, PaymentView, RegisterOrigin } from '../../../shared/payments.ts';
import { money, type CurrencyCode, CURRENCY_OF_COUNTRY } from '../../../shared/money.ts';
import { PosError } from '../../../shared/errors.ts';
import { notice } from '../../../shared/notices.ts';
import type { Settings } from '../../../shared/settings.ts';
import type { StaffRef } from '../../../shared/staff.ts';
import { partnerFromSettings } from '../instore/client.ts';
import type { NewRegisterRequest } from './journal/index.ts';
import { cancelUnpaidKioskQrs } from './cancels.ts';
import { checkAmount, checkConsumerCode, checkCurrency, normaliseNote, orderMetadataFor } from './charge-input.ts';
import { errorReason } from './error-reason.ts';
import { updateAttempt } from './records.ts';
import {
  publishRegisterSale,
  refuseWhenBusyForRegister,
  waitingSaleFor,
  type RegisterSaleInput,
} from './register-sales.ts';
import {
  merchantKeyOf,
  refuseWhenClosing,
  requireAttempt,
  requireView,
  type CashierCharge,
  type OrderRequest,
  type PaymentRuntime,
} from './runtime.ts';
import { orderSentEvent, sendOrder } from './sends.ts';
import { forgetSettled, watch } from './workers.ts';

// New charges, one entry point per way a charge starts: the cashier's at the counter, a kiosk customer's, a
// register's merchant-QR sale, and the cashier's scan of a register's customer-QR sale waiting for its code.
// Each checks what it must, then all go the same way: written ahead, sent once, the answer applied, the order
// watched until it settles (recordAndSend).

/** What the till's screens ask for (payments.chargeMerchantQr / chargeCustomerQr). */
export interface ChargeInput {
  readonly amountMinor: number;
  readonly currency: CurrencyCode;
  readonly note?: string | undefined;
  readonly consumerCode?: string | undefined;
  /** The code is scanned for this register's customer-QR sale (its reference). */
  readonly registerSale?: string | undefined;
  /** The screen's own id for this charge (a UUID): recorded with the payment, unique in the journal. */
  readonly chargeId?: string | undefined;
}

/** A charge from the till's screens: the scan of a register's waiting sale, else a kiosk's or a cashier's charge. */
export async function chargeFromTill(
  rt: PaymentRuntime,
  method: PaymentMethod,
  input: ChargeInput,
): Promise<PaymentView> {
  const charged = input.chargeId === undefined ? null : alreadyCharged(rt, method, input, input.chargeId);
  if (charged) return charged;
  if (input.registerSale !== undefined) return chargeWaitingSale(rt, method, input, input.registerSale);
  return rt.context.settings.current().mode === 'kiosk'
    ? chargeAtKiosk(rt, method, input)
    : chargeAtCounter(rt, method, input);
}

/**
 * A charge id seen before. The same charge asked again (same method, amount and currency: a call retried after
 * its answer was lost) is answered with the payment it made, never a second order. The same id with anything else
 * is refused, not answered: the screen that reused it would otherwise show the cashier a payment of another
 * amount as the one just keyed, and the customer could pay the wrong sum. Checked before the sale's own checks,
 * so a retry is answered even when they would now refuse (the shift closed, the cashier signed out meanwhile).
 */
function alreadyCharged(
  rt: PaymentRuntime,
  method: PaymentMethod,
  input: ChargeInput,
  chargeId: string,
): PaymentView | null {
  const row = rt.journal.attemptByChargeId(chargeId);
  if (!row) return null;
  const same = row.method === method && row.amountMinor === input.amountMinor && row.currency === input.currency;
  if (!same) throw new PosError('charge.id-reused', { details: { referenceId: row.referenceId } });
  return requireView(rt, row.referenceId);
}

/** The cashier's charge: it holds the till for registers from its first check until its answer is back. */
export async function chargeAtCounter(
  rt: PaymentRuntime,
  method: PaymentMethod,
  input: ChargeInput,
): Promise<PaymentView> {
  // Who sells: refused before anything is held or checked when nobody may (sign-in required, or no sell right).
  const takenBy = rt.context.staff.requireRight('sell');
  return holdingTillForCashier(rt, async (sending) => {
    const checks = await checkTillCharge(rt, method, input);
    return recordAndSend(rt, cashierCharge(rt, checks, sending, takenBy));
  });
}

/**
 * A kiosk serves one customer at a time: its charge is the cashier's, but first the QRs still open from a customer
 * who walked away are cancelled (cancelUnpaidKioskQrs), so the next customer can never pay them.
 */
export function chargeAtKiosk(rt: PaymentRuntime, method: PaymentMethod, input: ChargeInput): Promise<PaymentView> {
  return holdingTillForCashier(rt, async (sending) => {
    const checks = await checkTillCharge(rt, method, input);
    await cancelUnpaidKioskQrs(rt);
    // The kiosk's sales are the kiosk's: nobody signs in there.
    return recordAndSend(rt, cashierCharge(rt, checks, sending, null));
  });
}

/**
 * A register's merchant-QR sale: refused ecr.busy inside its write-ahead commit while the till is busy with
 * another sale, and its request recorded in the same commit as its payment.
 */
export async function chargeForRegister(
  rt: PaymentRuntime,
  input: RegisterSaleInput,
  origin: RegisterOrigin,
  request: NewRegisterRequest,
): Promise<PaymentView> {
  // A register's sale is handed over at the till: whoever is signed in there takes it.
  const takenBy = rt.context.staff.requireRight('sell');
  const checked = await checkCharge(rt, input);
  const note = normaliseNote(input.note);
  // No client (no credentials): refused before anything is recorded.
  await rt.client(false);
  const referenceId = rt.journal.newReferenceId(checked.settings.terminalReference);
  return recordAndSend(rt, {
    method: 'merchant-qr',
    referenceId,
    amountMinor: input.amountMinor,
    checked,
    consumerCode: undefined,
    note,
    register: origin,
    takenBy,
    training: false,
    chargeId: undefined,
    commit: (recordPayment) => {
      refuseWhenBusyForRegister(rt);
      recordPayment();
      if (input.lines) rt.journal.register.recordLines(referenceId, input.lines);
      rt.journal.register.recordRequest(request, { referenceId });
    },
  });
}

/**
 * The code scanned for a register's customer-QR sale: the sale's amount, reference, note and origin, not new
 * ones; the sale is closed 'scanned' in its payment's write-ahead commit.
 */
export async function chargeWaitingSale(
  rt: PaymentRuntime,
  method: PaymentMethod,
  input: ChargeInput,
  saleReference: string,
): Promise<PaymentView> {
  const takenBy = rt.context.staff.requireRight('sell');
  const sale = waitingSaleFor(rt, saleReference, input);
  const checked = await checkCharge(rt, input);
  const consumerCode = consumerCodeOf(method, input);
  // A register's sale is the register's: never a training sale.
  await rt.client(false);
  const { referenceId } = sale;
  return recordAndSend(rt, {
    method,
    referenceId,
    amountMinor: input.amountMinor,
    checked,
    consumerCode,
    note: sale.note,
    register: { keyId: sale.keyId, keyName: sale.keyName, orderReference: sale.orderReference },
    takenBy,
    training: false,
    chargeId: input.chargeId,
    commit: (recordPayment) => {
      recordPayment();
      rt.journal.register.closeSale(referenceId, 'scanned');
    },
  });
}

/** What every charge checks before anything is recorded: refused here, nothing was written or sent. */
export async function checkCharge(
  rt: PaymentRuntime,
  input: { amountMinor: number; currency: CurrencyCode },
  training = false,
) {
  refuseWhenClosing(rt);
  const settings = rt.context.settings.current();
  refuseOutsideShift(rt, settings);
  // A training sale is the training sandbox's merchant of the till's country, whatever merchant the settings name.
  const connection =
    training && rt.context.training
      ? await rt.context.training.sandbox.connection()
      : await rt.context.provider.connection();
  const currency = CURRENCY_OF_COUNTRY[connection.country];
  checkCurrency(input.currency, currency);
  checkAmount(input.amountMinor, currency, settings.amountLimits);
  const merchantKey = merchantKeyOf(connection);
  rt.amountLimits.check(merchantKey, input.amountMinor, currency);
  return { settings, connection, currency, merchantKey };
}

type CheckedCharge = Awaited<ReturnType<typeof checkCharge>>;

/**
 * The one place the shift rule lives (Settings → Staff, shiftRequired): every sale of the counter and of a
 * register is taken in a shift, so the day adds up to its shifts. A kiosk's are the kiosk's: nobody opens a
 * shift there.
 */
function refuseOutsideShift(rt: PaymentRuntime, settings: Settings): void {
  if (!settings.staff.shiftRequired || settings.mode === 'kiosk') return;
  if (rt.journal.shifts.current() === null) throw new PosError('shift.not-open');
}

/** A charge about to be written ahead and sent. */
interface Charge {
  readonly method: PaymentMethod;
  readonly referenceId: string;
  readonly amountMinor: number;
  readonly checked: CheckedCharge;
  readonly consumerCode: string | undefined;
  readonly note: string | null;
  readonly register: RegisterOrigin | undefined;
  /** Who takes it (null: the kiosk's, or nobody signed in), recorded with the payment. */
  readonly takenBy: StaffRef | null;
  /** A training sale: to the training sandbox, recorded and numbered apart. A register's never is. */
  readonly training: boolean;
  /** The screen's id for it (none for a register's own request): recorded in the write-ahead commit. */
  readonly chargeId: string | undefined;
  /** The write-ahead commit: what this charge writes, or refuses, around its payment's own record. */
  readonly commit: (recordPayment: () => void) => void;
}

/** The till's own charges (counter and kiosk) hold the till for registers until their answer is back. */
async function holdingTillForCashier(
  rt: PaymentRuntime,
  charge: (sending: CashierCharge) => Promise<PaymentView>,
): Promise<PaymentView> {
  const sending: CashierCharge = { referenceId: null };
  const answered = rt.sending.markCashierCharge(sending);
  try {
    return await charge(sending);
  } finally {
    answered();
  }
}

/** The checks of a charge typed or scanned at the till, up to the client it will be sent with. */
async function checkTillCharge(rt: PaymentRuntime, method: PaymentMethod, input: ChargeInput) {
  // Decided once, here: the whole charge (its reference, its client, its record) is a training sale or is not.
  const training = rt.context.training?.appliesNow() === true;
  const checked = await checkCharge(rt, input, training);
  const consumerCode = consumerCodeOf(method, input);
  const note = normaliseNote(input.note);
  // No client (no credentials): refused before anything is recorded.
  await rt.client(training);
  return {
    method,
    amountMinor: input.amountMinor,
    checked,
    consumerCode,
    note,
    register: undefined,
    training,
    chargeId: input.chargeId,
  };
}

/** The cashier's charge gets its reference last (after a kiosk's cancels); a register refused meanwhile is told it. */
function cashierCharge(
  rt: PaymentRuntime,
  checks: Awaited<ReturnType<typeof checkTillCharge>>,
  sending: CashierCharge,
  takenBy: StaffRef | null,
): Charge {
  const referenceId = rt.journal.newReferenceId(checks.checked.settings.terminalReference, checks.training);
  sending.referenceId = referenceId;
  return { ...checks, referenceId, takenBy, commit: (recordPayment) => recordPayment() };
}

function consumerCodeOf(method: PaymentMethod, input: ChargeInput): string | undefined {
  return method === 'customer-qr' ? checkConsumerCode(input.consumerCode ?? '') : undefined;
}

async function recordAndSend(rt: PaymentRuntime, charge: Charge): Promise<PaymentView> {
  const { referenceId, checked, consumerCode, note, register } = charge;
  const { settings, connection, currency, merchantKey } = checked;
  const amount = money(charge.amountMinor, currency);
  const common = {
    referenceId,
    amount,
    partner: partnerFromSettings(settings.partner),
    orderMetadata: orderMetadataFor(settings.terminalReference, note, register?.orderReference ?? null),
    webhookUrl: rt.webhookUrl(),
  };
  const request: OrderRequest =
    consumerCode === undefined
      ? { kind: 'create', input: { ...common, qrType: 'payload' } }
      : { kind: 'scan', input: { ...common, consumerQrPayload: consumerCode } };

  const sent = rt.sending.mark(referenceId);
  let outcome;
  try {
    // Write-ahead: refused here (consumer code already used, the till busy for a register…) nothing has been
    // sent. A register's request is recorded in the same commit as its payment; a scanned register sale is
    // closed in it.
    // The "sent" note goes in the same commit: nothing else is written between it and the request leaving.
    rt.journal.atomically(() =>
      charge.commit(() => {
        const recorded = rt.journal.recordAttempt({
          referenceId,
          method: charge.method,
          amount,
          posId: connection.posId,
          idempotencyKey: randomUUID(),
          consumerCode,
          note,
          register,
          takenBy: charge.takenBy,
          training: charge.training,
          chargeId: charge.chargeId,
        });
        rt.journal.appendEvent(referenceId, orderSentEvent(request, recorded));
      }),
    );
    const now = rt.options.now();
    rt.remembered.rememberAttempt(referenceId, {
      interactive: true,
      canResend: true,
      request,
      refusal: null,
      firstSentAt: now,
      lastSentAt: now,
      resends: 0,
      existsAtProvider: false,
    });
    rt.publishAttempt(referenceId);
    if (register) publishRegisterSale(rt, referenceId);
    outcome = await sendOrder(rt, referenceId, request, { sentNoted: true });
    switch (outcome.kind) {
      case 'accepted':
        break;
      case 'exists':
        updateAttempt(rt, referenceId, { state: 'checking', unresolvedReason: notice('unresolved.already-exists') });
        break;
      case 'unknown':
        // The cashier sees "checking", and the worker finds out what happened.
        updateAttempt(rt, referenceId, { state: 'checking', unresolvedReason: errorReason(outcome.error) });
        break;
      case 'refused':
      case 'unavailable':
        // The screens take a limit the provider just taught into account before the next charge.
        if (rt.amountLimits.learn(merchantKey, charge.amountMinor, outcome.error))
          rt.context.emit('payments.amountLimitsLearned', rt.amountLimits.of(merchantKey));
        updateAttempt(
          rt,
          referenceId,
          { state: 'final', failureReason: errorReason(outcome.error) },
          { kind: 'status', notice: notice('event.refused', { reason: errorReason(outcome.error) }) },
        );
        break;
    }
  } finally {
    sent();
  }
  const row = requireAttempt(rt, referenceId);
  // A cancel tapped while this was sending waits for the worker, even when the charge was refused outright.
  const cancelPending = rt.journal.cancelsOf(referenceId).some((c) => c.state !== 'done');
  if (row.state !== 'final' || cancelPending)
    watch(rt, referenceId, outcome.kind === 'accepted' ? rt.options.schedule.firstDelayMs : 0);
  else forgetSettled(rt, referenceId);
  if (outcome.kind === 'refused' || outcome.kind === 'unavailable') throw outcome.error;
  return requireView(rt, referenceId);
}
