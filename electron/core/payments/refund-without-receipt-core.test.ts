import { afterEach, describe, expect, it } from 'vitest';
import type { PaymentDetail, PaymentView } from '../../../shared/payments.ts';
import type { AppError } from '../../../shared/result.ts';
import { closeOpenedCores, openCore, paidPayment } from '../core.test-helper.ts';
import { dispatch } from '../dispatch.ts';
import { localDayOf, systemTimeZone } from '../sqlite/local-time.ts';

// Issue 38, 3: a payment found without its receipt (payments.find) is refunded only with an approver's PIN, and its
// refund is marked so. Attacked the way a screen never would: payments.refund called straight after the search,
// without a PIN, by a cashier whose refund is well under the shop's no-approval limit. Through the composed core,
// with the real staff module, a real journal file and the sandbox provider over a socket.

afterEach(closeOpenedCores);

const SUPERVISOR_PIN = '4821';

/** A till with a cashier (Ann, PIN 1111) signed in, a shift open, who may refund up to 100.00 alone. */
async function cashierAtTill() {
  const { core } = await openCore();
  const call = async <T>(channel: string, payload: unknown): Promise<T> => {
    const result = await dispatch(core.handlers, channel, payload);
    if (!result.ok) throw Object.assign(new Error(result.error.code), { error: result.error });
    return result.value as T;
  };
  const refused = async (channel: string, payload: unknown): Promise<AppError> => {
    const result = await dispatch(core.handlers, channel, payload);
    if (result.ok) throw new Error(`${channel} went through where it should have been refused`);
    return result.error;
  };
  await call('settings.save', {
    secrets: { adminPin: '8642', supervisorPin: SUPERVISOR_PIN },
    settings: { staff: { refundWithoutApprovalUpToMinor: 10_000 } },
  });
  await call('settings.verifyPin', { kind: 'admin', pin: '8642' });
  await call('staff.save', { name: 'Ann Lee', role: 'cashier', pin: '1111' });
  const signedIn = await call<{ staff: { id: string } }>('session.signIn', { pin: '1111' });
  await call('shifts.open', {});
  return { core, call, refused, annId: signedIn.staff.id };
}

describe('a refund of a payment found without its receipt', () => {
  it('is refused without an approver, however small; with one it goes through, marked on its record', async () => {
    const till = await cashierAtTill();
    const referenceId = await paidPayment(till.core);
    const { payment } = await till.call<PaymentDetail>('payments.get', { referenceId });

    // The customer reads the order id off their wallet app; the search finds the payment (and who took it).
    const { items } = await till.call<{ items: PaymentView[] }>('payments.find', {
      providerOrderId: payment.providerOrderId!.toLowerCase(),
    });
    expect(items.map((item) => item.referenceId)).toEqual([referenceId]);
    expect(items[0]!.takenBy).toEqual({ id: till.annId, name: 'Ann Lee' });

    // Straight to the channel, no PIN: refused, and nothing is recorded or sent.
    const refusal = await till.refused('payments.refund', { referenceId, amountMinor: 100, reason: 'returned' });
    expect(refusal.code).toBe('supervisor.pin-required');
    expect(refusal.notice).toMatchObject({ key: 'refund.without-receipt-needs-approval' });
    expect((await till.call<PaymentDetail>('payments.get', { referenceId })).refunds).toEqual([]);

    // A wrong PIN is a wrong PIN.
    const wrong = await till.refused('payments.refund', {
      referenceId,
      amountMinor: 100,
      reason: 'x',
      supervisorPin: '0000',
    });
    expect(wrong.code).toBe('supervisor.pin-wrong');

    const done = await till.call<PaymentDetail>('payments.refund', {
      referenceId,
      amountMinor: 100,
      reason: 'returned',
      supervisorPin: SUPERVISOR_PIN,
    });
    expect(done.refunds).toHaveLength(1);
    expect(done.refunds[0]).toMatchObject({
      foundWithoutReceipt: true,
      refundedBy: { id: till.annId, name: 'Ann Lee' },
      approvedBy: { id: 'supervisor', name: 'Supervisor' },
    });
  });

  it("leaves the Refund screen's list of today's latest unmarked; a search by note marks (issue 39, 8)", async () => {
    const till = await cashierAtTill();
    const listed = await paidPayment(till.core);
    const day = localDayOf(Date.now(), systemTimeZone());

    // The list the Refund screen opens with is what Payments shows too: a sale tapped there is refunded as before.
    const { items } = await till.call<{ items: PaymentView[] }>('payments.find', { latest: 10, day });
    expect(items.map((item) => item.referenceId)).toEqual([listed]);
    const alone = await till.call<PaymentDetail>('payments.refund', {
      referenceId: listed,
      amountMinor: 100,
      reason: 'returned',
    });
    expect(alone.refunds[0]).toMatchObject({ approvedBy: null });
    expect(alone.refunds[0]?.foundWithoutReceipt).not.toBe(true);

    // Searched by the words of its note: found without the receipt, so an approver is asked.
    const searched = await paidPayment(till.core, 'Table 4, blue shirt');
    const { items: byNote } = await till.call<{ items: PaymentView[] }>('payments.find', { note: 'shirt TABLE', day });
    expect(byNote.map((item) => item.referenceId)).toEqual([searched]);
    const refusal = await till.refused('payments.refund', {
      referenceId: searched,
      amountMinor: 100,
      reason: 'returned',
    });
    expect(refusal.code).toBe('supervisor.pin-required');
  });

  it('a payment the search never showed is refunded as before: alone under the limit, not marked', async () => {
    const till = await cashierAtTill();
    const found = await paidPayment(till.core);
    const withReceipt = await paidPayment(till.core);
    const { payment } = await till.call<PaymentDetail>('payments.get', { referenceId: found });
    await till.call('payments.find', { providerOrderId: payment.providerOrderId });

    const done = await till.call<PaymentDetail>('payments.refund', {
      referenceId: withReceipt,
      amountMinor: 100,
      reason: 'returned',
    });
    expect(done.refunds[0]).toMatchObject({ approvedBy: null });
    expect(done.refunds[0]!.foundWithoutReceipt).toBeUndefined();
  });
});
