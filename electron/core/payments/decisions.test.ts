import { describe, expect, it } from 'vitest';
import type { OrderStatus } from '../../../shared/payments.ts';
import { notice, noticeInEnglish } from '../../../shared/notices.ts';
import type { AttemptRow, CancelRow } from './journal/index.ts';
import {
  adoptPatch,
  checkDelay,
  decideCancel,
  decideUnresolved,
  EXISTS_NOT_FOUND_REASON,
  isProviderSaidExistsEvent,
  notCancellableReason,
  PROVIDER_SAID_EXISTS,
  PROVIDER_SAID_EXISTS_DATA,
  shouldCancelExpired,
  type Lookup,
  type SendMemory,
} from './decisions.ts';
import {
  attempt,
  ERROR,
  ERROR_REASON,
  found,
  interactive,
  NOT_FOUND,
  order,
  POLICY,
  recovered,
  T0,
} from './decisions.test-helper.ts';

// The state-decision table, rule by rule: what the service does with an attempt, a cancel or a refund given
// what a lookup by referenceId said and the clock.

describe('an attempt whose outcome is unknown (sending/checking)', () => {
  const decide = (
    lookup: Lookup,
    now: number,
    memory: SendMemory,
    extra: { row?: Partial<AttemptRow>; cancelRequested?: boolean } = {},
  ) =>
    decideUnresolved({
      row: attempt(extra.row),
      lookup,
      now,
      memory,
      policy: POLICY,
      cancelRequested: extra.cancelRequested ?? false,
    });

  it.each<[OrderStatus, string]>([
    ['CREATED', 'active'],
    ['PENDING', 'active'],
    ['PROCESSING', 'active'],
    ['CAPTURED', 'final'],
    ['FAILED', 'final'],
    ['CANCELLED', 'final'],
    ['ABANDONED', 'final'],
  ])('found %s → adopt it (%s)', (status, state) => {
    const decision = decide(found(status), T0 + 1_000, recovered);
    expect(decision).toMatchObject({
      kind: 'adopt',
      patch: { state, providerStatus: status, providerOrderId: '261121-0001-ABCD', unresolvedReason: null },
    });
  });

  it('found open, merchant QR without its QR, cashier still there → adopt and fetch the QR again (same key)', () => {
    expect(decide(found('CREATED'), T0 + 1_000, interactive)).toMatchObject({ kind: 'adopt', recoverQr: true });
    expect(decide(found('CREATED'), T0 + 1_000, recovered)).toMatchObject({ kind: 'adopt', recoverQr: false });
    expect(
      decide(found('CREATED'), T0 + 1_000, interactive, { row: { qrPayload: 'sandbox-wallet://pay/x' } }),
    ).toMatchObject({ recoverQr: false });
    expect(decide(found('CAPTURED'), T0 + 1_000, interactive)).toMatchObject({ recoverQr: false });
    expect(decide(found('CREATED'), T0 + 1_000, interactive, { row: { method: 'customer-qr' } })).toMatchObject({
      recoverQr: false,
    });
  });

  it('not found, cashier still there, young, resends left → send again with the same key', () => {
    expect(decide(NOT_FOUND, T0 + 2_000, interactive)).toEqual({ kind: 'resend' });
  });

  it('not found and no resend allowed → keep checking until the settle time, then not-sent', () => {
    // Past the resend window (the last resend left at 50 s), out of resends, or recovered after a restart.
    const tooOld = { ...interactive, resends: 1, lastSentAt: T0 + 50_000 };
    const exhausted = { ...interactive, resends: 2 };
    for (const [memory, now, settleAt] of [
      [recovered, T0 + 1_000, T0 + 35_000],
      [tooOld, T0 + 60_000, T0 + 85_000],
      [exhausted, T0 + 2_000, T0 + 35_000],
    ] as const) {
      expect(decide(NOT_FOUND, now, memory)).toMatchObject({ kind: 'keep-checking', settleAt });
    }
    expect(decide(NOT_FOUND, T0 + 35_000, recovered)).toEqual({ kind: 'not-sent' });
    // The settle time counts from the LAST send: a resend moves it.
    expect(decide(NOT_FOUND, T0 + 35_000, { ...exhausted, lastSentAt: T0 + 10_000 })).toMatchObject({
      kind: 'keep-checking',
      settleAt: T0 + 45_000,
    });
  });

  it('the provider answered 409 "already exists" → never not-sent, never resent, keep checking with why', () => {
    const told = { ...interactive, existsAtProvider: true, resends: 1 };
    for (const memory of [told, { ...recovered, existsAtProvider: true }]) {
      for (const now of [T0 + 2_000, T0 + 35_000, T0 + 3_600_000]) {
        expect(decide(NOT_FOUND, now, memory)).toEqual({
          kind: 'keep-checking',
          reason: EXISTS_NOT_FOUND_REASON,
          settleAt: null,
        });
      }
    }
    // Once a lookup finds it, it is adopted as usual.
    expect(decide(found('CAPTURED'), T0 + 40_000, told)).toMatchObject({
      kind: 'adopt',
      patch: { state: 'final', providerStatus: 'CAPTURED' },
    });
  });

  it('a cancel was asked for → never send the order again', () => {
    expect(decide(NOT_FOUND, T0 + 2_000, interactive, { cancelRequested: true })).toMatchObject({
      kind: 'keep-checking',
    });
    expect(decide(found('CREATED'), T0 + 2_000, interactive, { cancelRequested: true })).toMatchObject({
      kind: 'adopt',
      recoverQr: false,
    });
  });

  it('the code is not kept after a restart → a scan is never sent again', () => {
    expect(decide(NOT_FOUND, T0 + 2_000, { ...interactive, canResend: false })).toMatchObject({
      kind: 'keep-checking',
    });
  });

  it('the lookup itself failed → keep checking, with the reason, never conclude', () => {
    const decision = decide(ERROR, T0 + 3_600_000, recovered);
    expect(decision).toEqual({
      kind: 'keep-checking',
      reason: notice('unresolved.checking', { reason: ERROR_REASON }),
      settleAt: null,
    });
    if (decision.kind !== 'keep-checking') throw new Error('unreachable');
    expect(noticeInEnglish(decision.reason)).toBe(
      'Checking with the provider: The provider cannot be reached. Check the network connection.',
    );
  });
});

describe('adopting a provider status', () => {
  it('keeps the expiry it had, or counts the order lifetime from creation; FAILED gets a reason', () => {
    expect(adoptPatch(attempt(), order('CREATED'), POLICY).expiresAt).toBe(T0 + 300_000);
    expect(adoptPatch(attempt({ expiresAt: T0 + 5 }), order('CREATED'), POLICY).expiresAt).toBe(T0 + 5);
    expect(adoptPatch(attempt(), order('FAILED', { failureReason: 'INSUFFICIENT_FUNDS' }), POLICY).failureReason).toBe(
      'INSUFFICIENT_FUNDS',
    );
    const declined = adoptPatch(attempt(), order('FAILED'), POLICY).failureReason;
    expect(declined).toEqual(notice('payments.declined-by-wallet'));
    expect(noticeInEnglish(declined as ReturnType<typeof notice>)).toBe('Declined by the wallet.');
    expect(adoptPatch(attempt(), order('CAPTURED', { paymentType: 'PAYLATER' }), POLICY)).toMatchObject({
      state: 'final',
      paymentType: 'PAYLATER',
    });
  });
});

describe('a cancel whose outcome is unknown', () => {
  const cancel: CancelRow = {
    cancelId: 'TILL-01-20261121-K3F9Q2ZP-C1',
    referenceId: 'TILL-01-20261121-K3F9Q2ZP',
    idempotencyKey: '0f1c2a9e-1d2b-4c3d-8e4f-5a6b7c8d9e0f',
    reason: null,
    state: 'checking',
    outcome: null,
    failureReason: null,
    failureNotice: null,
    checkingReason: null,
    cancelledBy: null,
    shiftId: null,
    createdAt: T0,
    updatedAt: T0,
  };
  const decide = (lookup: Lookup, row: Partial<AttemptRow> = { state: 'active' }) =>
    decideCancel({ cancel, attempt: attempt(row), lookup });

  it('CANCELLED → done; still CREATED/PENDING → send again (same key); moved on → not cancellable, with why', () => {
    expect(decide(found('CANCELLED'))).toEqual({ kind: 'done', outcome: 'cancelled', reason: null });
    expect(decide(found('CREATED'))).toEqual({ kind: 'resend' });
    expect(decide(found('PENDING'))).toEqual({ kind: 'resend' });
    for (const status of ['PROCESSING', 'CAPTURED', 'FAILED', 'ABANDONED', 'REFUNDED'] as const) {
      expect(decide(found(status))).toEqual({
        kind: 'done',
        outcome: 'not-cancellable',
        reason: notCancellableReason(status),
      });
    }
  });

  it('not found: wait while the payment is unresolved; nothing to cancel once it is proven never sent', () => {
    expect(decide(NOT_FOUND, { state: 'checking' })).toMatchObject({ kind: 'wait' });
    expect(decide(NOT_FOUND, { state: 'not-sent' })).toMatchObject({ kind: 'done', outcome: 'failed' });
    // The charge was refused outright while the cancel waited for it: there is no order to wait for.
    expect(decide(NOT_FOUND, { state: 'final', providerStatus: null })).toMatchObject({
      kind: 'done',
      outcome: 'failed',
    });
    expect(decide(ERROR)).toMatchObject({ kind: 'wait' });
  });
});

describe('an open order past its expiry', () => {
  const EXPIRES = T0 + 300_000;
  const GRACE = 60_000;
  const open = attempt({ state: 'active', providerStatus: 'CREATED', expiresAt: EXPIRES });
  const cancelRow = (overrides: Partial<CancelRow>): CancelRow => ({
    cancelId: 'TILL-01-20261121-K3F9Q2ZP-C1',
    referenceId: 'TILL-01-20261121-K3F9Q2ZP',
    idempotencyKey: '0f1c2a9e-1d2b-4c3d-8e4f-5a6b7c8d9e0f',
    reason: null,
    state: 'done',
    outcome: 'failed',
    failureReason: 'refused',
    failureNotice: null,
    checkingReason: null,
    cancelledBy: null,
    shiftId: null,
    createdAt: T0,
    updatedAt: T0,
    ...overrides,
  });
  const decide = (lookup: Lookup, now: number, extra: { row?: AttemptRow; cancels?: CancelRow[] } = {}) =>
    shouldCancelExpired({ row: extra.row ?? open, lookup, now, graceMs: GRACE, cancels: extra.cancels ?? [] });

  it('still payable (CREATED / PENDING) after expiry + grace → the till cancels it; not a moment before', () => {
    expect(decide(found('CREATED'), EXPIRES + GRACE)).toBe(true);
    expect(decide(found('PENDING'), EXPIRES + GRACE + 5_000)).toBe(true);
    expect(decide(found('CREATED'), EXPIRES + GRACE - 1)).toBe(false);
    expect(decide(found('CREATED'), EXPIRES)).toBe(false);
  });

  it('never once the customer confirmed, nor when the status is not known', () => {
    expect(decide(found('PROCESSING'), EXPIRES + GRACE)).toBe(false);
    expect(decide(NOT_FOUND, EXPIRES + GRACE)).toBe(false);
    expect(decide(ERROR, EXPIRES + GRACE)).toBe(false);
    expect(decide(found('CREATED'), EXPIRES + GRACE, { row: attempt({ state: 'checking', expiresAt: EXPIRES }) })).toBe(
      false,
    );
    expect(decide(found('CREATED'), EXPIRES + GRACE, { row: attempt({ state: 'active', expiresAt: null }) })).toBe(
      false,
    );
  });

  it('once: not while a cancel is in flight, not again after one made past the deadline', () => {
    // A cashier's cancel before the expiry that the provider refused does not stop it.
    expect(decide(found('CREATED'), EXPIRES + GRACE, { cancels: [cancelRow({ createdAt: T0 + 1_000 })] })).toBe(true);
    expect(
      decide(found('CREATED'), EXPIRES + GRACE, {
        cancels: [cancelRow({ state: 'checking', outcome: null, createdAt: T0 + 1_000 })],
      }),
    ).toBe(false);
    expect(
      decide(found('CREATED'), EXPIRES + GRACE + 90_000, { cancels: [cancelRow({ createdAt: EXPIRES + GRACE })] }),
    ).toBe(false);
  });
});

describe('check delays', () => {
  it('double from the base up to the cap', () => {
    const delays = { baseMs: 500, maxMs: 10_000 };
    expect([0, 1, 2, 3, 4, 5, 6, 50].map((n) => checkDelay(n, delays))).toEqual([
      500, 1_000, 2_000, 4_000, 8_000, 10_000, 10_000, 10_000,
    ]);
  });
});

describe('the journalled 409 "already exists"', () => {
  const event = (summary: string, data: unknown) => ({ summary, data: data === null ? null : JSON.stringify(data) });

  it('is recognised by its data marker whatever the summary says, and by the summary of earlier versions', () => {
    expect(isProviderSaidExistsEvent(event(PROVIDER_SAID_EXISTS, PROVIDER_SAID_EXISTS_DATA))).toBe(true);
    expect(isProviderSaidExistsEvent(event('reworded for people', PROVIDER_SAID_EXISTS_DATA))).toBe(true);
    expect(
      isProviderSaidExistsEvent(
        event('the provider answered that this reference already exists (409): the order is there', null),
      ),
    ).toBe(true);
  });

  it('is not any other event', () => {
    expect(isProviderSaidExistsEvent(event('order created at the provider', null))).toBe(false);
    expect(isProviderSaidExistsEvent(event('reworded for people', { providerSaidExists: false }))).toBe(false);
    expect(isProviderSaidExistsEvent(event('reworded for people', ['providerSaidExists']))).toBe(false);
    expect(isProviderSaidExistsEvent({ summary: 'reworded for people', data: '{"providerSaidExists":tr' })).toBe(false);
  });
});
