import { afterEach, describe, expect, it } from 'vitest';
import type { ShiftView } from '../../../shared/staff.ts';
import { closeOpenedCores, openCore, paidPayment } from '../core.test-helper.ts';
import { dispatch } from '../dispatch.ts';
import { sleep } from '../../testing/helpers.ts';

// Shifts with the real staff module, through the composed core (dispatch: schemas, handlers, envelopes): the
// session carries the shift and session.changed follows it; payments and refunds carry who did them.

afterEach(closeOpenedCores);

describe('shifts through the core, with real staff', () => {
  it('a cashier opens a shift and sells; a supervisor approves a refund and closes it; the session follows', async () => {
    const first = await openCore();
    await dispatch(first.core.handlers, 'settings.save', { secrets: { adminPin: '8642', supervisorPin: '4821' } });
    await first.core.close();
    const { core, events, dir } = await openCore(first.dir);
    expect(dir).toBe(first.dir);
    const call = async <T>(channel: string, payload: unknown): Promise<T> => {
      const result = await dispatch(core.handlers, channel, payload);
      if (!result.ok) throw Object.assign(new Error(result.error.code), { code: result.error.code });
      return result.value as T;
    };
    await call('settings.verifyPin', { kind: 'admin', pin: '8642' });
    const { id: annId } = await call<{ id: string }>('staff.save', { name: 'Ann Lee', role: 'cashier', pin: '1111' });
    await call('session.signIn', { pin: '1111' });

    const { shift } = await call<{ shift: ShiftView }>('shifts.open', { note: 'morning' });
    expect(shift).toMatchObject({ number: 1, openedBy: { id: annId, name: 'Ann Lee' } });
    const announced = events.filter((event) => event.event === 'session.changed').at(-1);
    expect(announced?.payload).toMatchObject({ staff: { id: annId }, shift: { id: shift.id, number: 1 } });
    expect(await call('session.current', {})).toMatchObject({ shift: { id: shift.id } });

    const referenceId = await paidPayment(core);
    expect((await call<{ payment: { takenBy: unknown } }>('payments.get', { referenceId })).payment.takenBy).toEqual({
      id: annId,
      name: 'Ann Lee',
    });
    // Ann's refund is approved by the supervisor's own PIN (the built-in Supervisor's, set before staff existed).
    const refunded = await call<{ refunds: Array<{ refundedBy: unknown; approvedBy: { name: string } }> }>(
      'payments.refund',
      { referenceId, amountMinor: 234, reason: 'wrong size', supervisorPin: '4821' },
    );
    expect(refunded.refunds[0]).toMatchObject({ refundedBy: { id: annId }, approvedBy: { name: 'Supervisor' } });
    await expect(call('shifts.close', {})).rejects.toMatchObject({ code: 'auth.not-allowed' });

    await call('session.signIn', { pin: '4821' });
    await waitForSettled(call, referenceId);
    const closed = (await call<{ shift: ShiftView }>('shifts.close', {})).shift;
    expect(closed.report).toMatchObject({
      paid: { count: 1, total: { amountMinor: 1234 } },
      refunds: { count: 1, total: { amountMinor: 234 } },
      net: { amountMinor: 1000 },
      byCashier: [{ staff: { id: annId, name: 'Ann Lee' }, paid: { count: 1 }, refunds: { count: 1 } }],
    });
    expect(events.filter((event) => event.event === 'session.changed').at(-1)?.payload).toMatchObject({
      shift: null,
    });
  });
});

/** The refund's read-back leaves nothing open (the close refuses while a payment is being checked). */
async function waitForSettled(call: <T>(channel: string, payload: unknown) => Promise<T>, referenceId: string) {
  const until = Date.now() + 5_000;
  for (;;) {
    const detail = await call<{ payment: { state: string }; refunds: Array<{ state: string }> }>('payments.get', {
      referenceId,
    });
    if (detail.payment.state === 'final' && detail.refunds.every((refund) => refund.state === 'succeeded')) return;
    if (Date.now() > until) throw new Error('the payment did not settle');
    await sleep(50);
  }
}
