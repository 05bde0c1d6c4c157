import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { PosError, type ErrorCode } from '../../../../shared/errors.ts';
import { seedPayment, tempJournal } from './journal-fixture.test-helper.ts';
import type { Journal } from './journal.ts';
import { notice } from '../../../../shared/notices.ts';

function errorOf(work: () => unknown): PosError {
  try {
    work();
  } catch (error) {
    if (error instanceof PosError) return error;
    throw error;
  }
  throw new Error('expected a PosError, nothing was thrown');
}

function expectPosError(work: () => unknown, code: ErrorCode): PosError {
  const error = errorOf(work);
  expect(error.code).toBe(code);
  return error;
}

function newMerchantQr(journal: Journal, amountMinor = 1234) {
  return journal.recordAttempt({
    referenceId: journal.newReferenceId('TILL01'),
    method: 'merchant-qr',
    amount: { amountMinor, currency: 'SGD' },
    posId: 'POS-1',
  });
}

function countAttempts(filePath: string): number {
  const db = new DatabaseSync(filePath, { readOnly: true });
  try {
    return Number(db.prepare('SELECT COUNT(*) AS n FROM payment_attempts').get()?.['n']);
  } finally {
    db.close();
  }
}

describe('payment attempts', () => {
  it('writes the attempt ahead of the request, then follows each response', () => {
    const { journal, filePath, clock } = tempJournal();
    const referenceId = journal.newReferenceId('TILL01');
    expect(referenceId).toMatch(/^TILL01-20261121-[0-9A-Z]{8}$/);
    const recorded = journal.recordAttempt({
      referenceId,
      method: 'merchant-qr',
      amount: { amountMinor: 1234, currency: 'SGD' },
      posId: 'POS-1',
      idempotencyKey: 'idem-1',
      note: 'table 4',
    });
    expect(recorded).toMatchObject({
      state: 'sending',
      version: 1,
      idempotencyKey: 'idem-1',
      localDay: '2026-11-21',
      refundedMinor: 0,
    });

    // Committed before recordAttempt returned: a separate connection already sees it.
    const other = new DatabaseSync(filePath, { readOnly: true });
    expect(
      other.prepare('SELECT state, amount_minor FROM payment_attempts WHERE reference_id = ?').get(referenceId),
    ).toEqual({
      state: 'sending',
      amount_minor: 1234,
    });

    clock.advance(300);
    const created = journal.updateAttempt(referenceId, {
      state: 'active',
      providerStatus: 'CREATED',
      qrPayload: 'qr-text',
      expiresAt: clock.now() + 300_000,
    });
    expect(created.version).toBe(2);
    expect(journal.viewOf(referenceId)).toMatchObject({
      displayStatus: 'waiting',
      qrPayload: 'qr-text',
      canCancel: true,
      canRefund: false,
    });

    clock.advance(5_000);
    journal.updateAttempt(referenceId, { providerStatus: 'PENDING' });
    clock.advance(5_000);
    journal.updateAttempt(referenceId, { providerStatus: 'PROCESSING' });
    clock.advance(2_000);
    const paid = journal.updateAttempt(referenceId, {
      state: 'final',
      providerStatus: 'CAPTURED',
      providerOrderId: '220801-0679-YVUY',
      paymentType: 'PAY',
    });
    expect(paid.version).toBe(5);

    const view = journal.viewOf(referenceId);
    expect(view).toMatchObject({
      displayStatus: 'paid',
      providerOrderId: '220801-0679-YVUY',
      paymentType: 'PAY',
      qrPayload: null,
      canCancel: false,
      canRefund: true,
      refundable: { amountMinor: 1234, currency: 'SGD' },
      note: 'table 4',
      createdAt: '2026-11-21T03:00:00.000Z',
    });
    expect(journal.statusHistoryOf(referenceId).map((change) => [change.status, change.providerStatus])).toEqual([
      ['sending', null],
      ['waiting', 'CREATED'],
      ['scanned', 'PENDING'],
      ['confirming', 'PROCESSING'],
      ['paid', 'CAPTURED'],
    ]);
    expect(
      other.prepare('SELECT display_status FROM payment_attempts WHERE reference_id = ?').get(referenceId)?.[
        'display_status'
      ],
    ).toBe('paid');
    other.close();
  });

  it('writes nothing for an update that changes nothing (a poll that sees the same status)', () => {
    const { journal, clock } = tempJournal();
    const row = seedPayment(journal, { outcome: 'waiting' });
    clock.advance(1_000);
    const same = journal.updateAttempt(row.referenceId, { state: 'active', providerStatus: 'CREATED' });
    expect(same.version).toBe(row.version);
    expect(same.updatedAt).toBe(row.updatedAt);
    expect(journal.statusHistoryOf(row.referenceId)).toHaveLength(2);
  });

  it('keeps an unresolved reason only while the outcome is unknown', () => {
    const { journal } = tempJournal();
    const row = seedPayment(journal, { outcome: 'checking' });
    expect(journal.viewOf(row.referenceId)).toMatchObject({
      displayStatus: 'checking',
      unresolvedReason: notice('payments.error', { error: { code: 'network.timeout' } }),
    });
    const resolved = journal.updateAttempt(row.referenceId, { state: 'active', providerStatus: 'PENDING' });
    expect(resolved.unresolvedReason).toBeNull();
  });

  it('refuses a customer code that was already submitted, however it was scanned', () => {
    const { journal, filePath } = tempJournal();
    const first = journal.recordAttempt({
      referenceId: journal.newReferenceId('TILL01'),
      method: 'customer-qr',
      amount: { amountMinor: 500, currency: 'SGD' },
      posId: 'POS-1',
      consumerCode: '281012345678901234',
    });
    expect(first.consumerCodeHash).toMatch(/^[0-9a-f]{64}$/);
    const error = expectPosError(
      () =>
        journal.recordAttempt({
          referenceId: journal.newReferenceId('TILL01'),
          method: 'customer-qr',
          amount: { amountMinor: 900, currency: 'SGD' },
          posId: 'POS-1',
          consumerCode: '281012345678901234\r\n',
        }),
      'consumer-code.already-used',
    );
    expect(error.message).toMatch(/already used/);
    expect(error.details?.['referenceId']).toBe(first.referenceId);
    expect(countAttempts(filePath)).toBe(1);
    // The code itself is nowhere in the file.
    const db = new DatabaseSync(filePath, { readOnly: true });
    const dump = JSON.stringify(db.prepare('SELECT * FROM payment_attempts').all());
    db.close();
    expect(dump).not.toContain('281012345678901234');
  });

  it('refuses a charge id used before, whatever its amount, and keeps one payment for it', () => {
    const { journal, filePath } = tempJournal();
    const chargeId = '3f0c1a2b-4d5e-4f60-8a7b-9c0d1e2f3a4b';
    const charge = (amountMinor: number) =>
      journal.recordAttempt({
        referenceId: journal.newReferenceId('TILL01'),
        method: 'merchant-qr',
        amount: { amountMinor, currency: 'SGD' },
        posId: 'POS-1',
        chargeId,
      });
    const first = charge(1250);
    expect(journal.attemptByChargeId(chargeId)?.referenceId).toBe(first.referenceId);
    for (const amountMinor of [1250, 990]) {
      const error = expectPosError(() => charge(amountMinor), 'charge.id-reused');
      expect(error.message).toMatch(/already charged/);
      expect(error.details?.['referenceId']).toBe(first.referenceId);
    }
    // Charges without an id are never refused for it.
    newMerchantQr(journal);
    newMerchantQr(journal);
    expect(countAttempts(filePath)).toBe(3);
    expect(journal.attemptByChargeId('0f0c1a2b-4d5e-4f60-8a7b-9c0d1e2f3a4b')).toBeNull();
  });

  it('keeps a charge id unique in the file itself: a second row with it is refused by SQLite', () => {
    const { journal, filePath } = tempJournal();
    const chargeId = '3f0c1a2b-4d5e-4f60-8a7b-9c0d1e2f3a4b';
    const first = journal.recordAttempt({
      referenceId: journal.newReferenceId('TILL01'),
      method: 'merchant-qr',
      amount: { amountMinor: 1250, currency: 'SGD' },
      posId: 'POS-1',
      chargeId,
    });
    const db = new DatabaseSync(filePath);
    try {
      expect(() =>
        db
          .prepare(
            `INSERT INTO payment_attempts (reference_id, method, amount_minor, currency, pos_id, idempotency_key, state,
               display_status, local_day, created_at, updated_at, version, charge_id)
             SELECT 'TILL01-20261129-OTHER000', method, 990, currency, pos_id, 'key-2', state, display_status,
               local_day, created_at, updated_at, 1, charge_id FROM payment_attempts WHERE reference_id = ?`,
          )
          .run(first.referenceId),
      ).toThrow(/UNIQUE constraint failed: payment_attempts.charge_id/);
    } finally {
      db.close();
    }
    expect(countAttempts(filePath)).toBe(1);
  });

  it('refuses bad input with errors a cashier can read', () => {
    const { journal } = tempJournal();
    const base = { referenceId: journal.newReferenceId('TILL01'), posId: 'POS-1' } as const;
    expectPosError(
      () => journal.recordAttempt({ ...base, method: 'merchant-qr', amount: { amountMinor: 0, currency: 'SGD' } }),
      'amount.invalid',
    );
    expectPosError(
      () => journal.recordAttempt({ ...base, method: 'merchant-qr', amount: { amountMinor: 12.5, currency: 'SGD' } }),
      'amount.invalid',
    );
    expectPosError(
      () => journal.recordAttempt({ ...base, method: 'customer-qr', amount: { amountMinor: 100, currency: 'SGD' } }),
      'consumer-code.invalid',
    );
    expectPosError(
      () =>
        journal.recordAttempt({
          ...base,
          method: 'customer-qr',
          amount: { amountMinor: 100, currency: 'SGD' },
          consumerCode: '  ',
        }),
      'consumer-code.invalid',
    );
    expectPosError(
      () =>
        journal.recordAttempt({
          ...base,
          method: 'merchant-qr',
          amount: { amountMinor: 100, currency: 'SGD' },
          consumerCode: 'x',
        }),
      'request.invalid',
    );
    expectPosError(
      () =>
        journal.recordAttempt({
          ...base,
          referenceId: 'bad id!',
          method: 'merchant-qr',
          amount: { amountMinor: 100, currency: 'SGD' },
        }),
      'request.invalid',
    );
    expect(journal.getAttempt(base.referenceId)).toBeNull();

    journal.recordAttempt({ ...base, method: 'merchant-qr', amount: { amountMinor: 100, currency: 'SGD' } });
    expectPosError(
      () => journal.recordAttempt({ ...base, method: 'merchant-qr', amount: { amountMinor: 100, currency: 'SGD' } }),
      'order.duplicate-reference',
    );
    expectPosError(() => journal.updateAttempt('TILL01-20261121-NOTTHERE', { state: 'checking' }), 'payment.not-found');
  });

  it('refuses an update made from a stale read (optimistic version)', () => {
    const { journal } = tempJournal();
    const row = newMerchantQr(journal);
    const fromPoll = journal.updateAttempt(
      row.referenceId,
      { state: 'active', providerStatus: 'PENDING' },
      row.version,
    );
    expect(fromPoll.version).toBe(row.version + 1);
    // A webhook handler that read the row before the poll's write:
    const error = expectPosError(
      () => journal.updateAttempt(row.referenceId, { state: 'active', providerStatus: 'CREATED' }, row.version),
      'journal.conflict',
    );
    expect(error.retryable).toBe(true);
    expect(error.details).toMatchObject({ expectedVersion: 1, actualVersion: 2 });
    expect(journal.getAttempt(row.referenceId)?.providerStatus).toBe('PENDING');
  });

  it('never lets a late message undo a final status; only our refunds move CAPTURED to REFUNDED', () => {
    const { journal } = tempJournal();
    const paid = seedPayment(journal, { outcome: 'paid' });
    expectPosError(
      () => journal.updateAttempt(paid.referenceId, { state: 'active', providerStatus: 'PENDING' }),
      'journal.conflict',
    );
    expectPosError(() => journal.updateAttempt(paid.referenceId, { providerStatus: 'FAILED' }), 'journal.conflict');
    expect(journal.updateAttempt(paid.referenceId, { providerStatus: 'REFUNDED' }).providerStatus).toBe('REFUNDED');
    expect(journal.viewOf(paid.referenceId)?.displayStatus).toBe('refunded');
    // Inconsistent combinations are service bugs, refused before they reach the file.
    const open = seedPayment(journal, { outcome: 'waiting' });
    expectPosError(() => journal.updateAttempt(open.referenceId, { providerStatus: 'CAPTURED' }), 'internal');
    expectPosError(
      () => journal.updateAttempt(open.referenceId, { state: 'final', providerStatus: 'PENDING' }),
      'internal',
    );
  });

  it('lists what recovery must resume, and counts it for the status line', () => {
    const { journal, clock } = tempJournal();
    const next = (outcome: Parameters<typeof seedPayment>[1]) => {
      clock.advance(1_000);
      return seedPayment(journal, outcome);
    };
    const sending = next({ outcome: 'sending' });
    const checking = next({ outcome: 'checking' });
    const waiting = next({ outcome: 'waiting' });
    next({ outcome: 'paid' });
    next({ outcome: 'failed' });
    const notSent = next({ outcome: 'checking' });
    journal.updateAttempt(notSent.referenceId, { state: 'not-sent' });
    expect(journal.listNonFinal().map((row) => row.referenceId)).toEqual([
      sending.referenceId,
      checking.referenceId,
      waiting.referenceId,
    ]);
    expect(journal.unsettledCounts()).toEqual({ pending: 1, unresolved: 2 });
  });

  it('keeps a redacted, ordered event log per attempt', () => {
    const { journal, clock } = tempJournal();
    const row = newMerchantQr(journal);
    journal.appendEvent(row.referenceId, {
      kind: 'request',
      summary: 'create sent',
      data: {
        headers: { Authorization: 'SB1-HMAC-SHA256 AK:abcdef', Date: 'x' },
        body: { amount: 1234, consumerQrPayload: '2810999', qrCode: 'Q'.repeat(5000) },
      },
    });
    clock.advance(10);
    journal.appendEvent(row.referenceId, { kind: 'response', summary: '200 OK' });
    const events = journal.eventsOf(row.referenceId);
    expect(events.map((event) => [event.kind, event.summary])).toEqual([
      ['request', 'create sent'],
      ['response', '200 OK'],
    ]);
    const data = JSON.parse(events[0]?.data ?? 'null') as {
      headers: Record<string, string>;
      body: Record<string, unknown>;
    };
    expect(data.headers['Authorization']).toBe('[redacted]');
    expect(data.headers['Date']).toBe('x');
    expect(data.body['consumerQrPayload']).toBe('[redacted]');
    expect(data.body['amount']).toBe(1234);
    expect(String(data.body['qrCode']).length).toBeLessThan(600);
    expect(events[1]?.data).toBeNull();
    expectPosError(
      () => journal.appendEvent('TILL01-20261121-NOTTHERE', { kind: 'note', summary: 'x' }),
      'payment.not-found',
    );
  });

  it('groups several calls into one commit', () => {
    const { journal } = tempJournal();
    const row = newMerchantQr(journal);
    expect(() =>
      journal.atomically(() => {
        journal.updateAttempt(row.referenceId, { state: 'active', providerStatus: 'CREATED' });
        journal.appendEvent(row.referenceId, { kind: 'response', summary: 'created' });
        throw new Error('crash before the commit');
      }),
    ).toThrow('crash before the commit');
    expect(journal.getAttempt(row.referenceId)?.state).toBe('sending');
    expect(journal.eventsOf(row.referenceId)).toHaveLength(0);
  });

  it('keeps everything across close and reopen', () => {
    const { journal, reopen } = tempJournal();
    const paid = seedPayment(journal, { outcome: 'paid', providerOrderId: '220801-0001-AAAA', note: 'kept' });
    const refund = journal.recordRefund(paid.referenceId, { amountMinor: 200, reason: 'spilt' });
    journal.updateRefund(refund.refundId, { state: 'succeeded' });
    journal.appendEvent(paid.referenceId, { kind: 'note', summary: 'receipt printed' });
    const before = journal.detailOf(paid.referenceId);
    journal.close();
    expectPosError(() => journal.getAttempt(paid.referenceId), 'journal.unavailable');

    const again = reopen();
    expect(again.detailOf(paid.referenceId)).toEqual(before);
    expect(before?.payment.refunded.amountMinor).toBe(200);
    expect(before?.history.length).toBe(3);
  });
});
