import { describe, expect, it } from 'vitest';
import type { CashierSale } from '../../../shared/payment-screens.ts';
import type { PaymentView } from '../../../shared/payments.ts';
import { dispatch } from '../dispatch.ts';
import {
  consumer,
  newKey,
  openRegisterTill,
  startSale,
  waitFor,
  type RegisterTill,
} from './register-till.test-helper.ts';

// A register's sale must never take over the cashier's own sale. The till is busy for registers while the cashier
// is mid-sale: while a cashier's window says so (payments.cashierSale, checked against the contract's schema on
// its way in, as the transports do) and while a cashier's charge is being sent, whatever the screens said.

const REGISTER_SALE = { amountMinor: 8000, currency: 'SGD', method: 'customer-qr' };
const WINDOW = 'cashier-window-1';

async function say(till: RegisterTill, window: string, sale: CashierSale | null) {
  const result = await dispatch(till.core.handlers, 'payments.cashierSale', { window, sale });
  expect(result).toEqual({ ok: true, value: null });
}

describe('a register sale while the cashier is mid-sale', () => {
  it('is refused 409 ecr.busy while the cashier keys an amount, is on Scan, or has a payment on screen; accepted once the window is free', async () => {
    const till = await openRegisterTill();
    const [register] = till.registers;

    await say(till, WINDOW, { surface: 'scan' });
    const onScan = await register!.post('/payments', REGISTER_SALE, newKey());
    expect(onScan).toMatchObject({ status: 409, body: { code: 'ecr.busy' } });
    // The cashier's scan has no payment yet: nothing to name.
    expect(onScan.body).not.toHaveProperty('referenceId');

    await say(till, WINDOW, { surface: 'sale' });
    const keyed = await register!.post('/payments', { ...REGISTER_SALE, method: 'merchant-qr' }, newKey());
    expect(keyed).toMatchObject({ status: 409, body: { code: 'ecr.busy' } });

    // The cashier's own payment, still on the Payment screen after it was paid (its result is not put away yet).
    const cashiers = await till.core.handlers['payments.chargeMerchantQr']({ amountMinor: 500, currency: 'SGD' });
    await consumer(till, '/consumer/confirm', { referenceId: cashiers.referenceId });
    await say(till, WINDOW, { surface: 'payment', referenceId: cashiers.referenceId });
    const onResult = await register!.post('/payments', REGISTER_SALE, newKey());
    expect(onResult).toMatchObject({ status: 409, body: { code: 'ecr.busy' } });
    // The cashier's sale is not the register's to know of.
    expect(JSON.stringify(onResult.body)).not.toContain(cashiers.referenceId);

    // Another window that is free does not free the till while this one is mid-sale.
    await say(till, 'cashier-window-2', null);
    expect((await register!.post('/payments', REGISTER_SALE, newKey())).status).toBe(409);

    // The cashier put the result away: the register's sale goes through, and nothing of the refusals was recorded.
    await say(till, WINDOW, null);
    const accepted = await startSale(register!, REGISTER_SALE);
    expect(accepted).toMatchObject({ status: 'waiting', amount: { amountMinor: 8000 } });
    expect((await till.core.handlers['payments.history']({ origin: 'from-register' })).total).toBe(0);
    expect(await till.core.handlers['ecr.openSale']({})).toMatchObject({ referenceId: accepted.referenceId });
  });

  it('is refused 409 ecr.busy while the cashier’s charge is being sent, before any screen says so (not naming it)', async () => {
    // The provider takes 1.5 s to answer a create; the client waits for it.
    const till = await openRegisterTill({
      payments: { client: { timeouts: { connectMs: 2_000, readMs: 5_000 }, retry: { maxAttempts: 1 } } },
    });
    const [register] = till.registers;
    await setFaults(till, { latencyMs: 1_500, path: '/order/create' });

    const charge = till.core.handlers['payments.chargeMerchantQr']({ amountMinor: 500, currency: 'SGD' });
    const sending = await waitFor(() => {
      const update = till.events.find((e) => e.event === 'payment.updated');
      return update ? (update.payload as PaymentView) : undefined;
    });
    expect(sending.state).toBe('sending');
    const busy = await register!.post('/payments', REGISTER_SALE, newKey());
    expect(busy).toMatchObject({ status: 409, body: { code: 'ecr.busy' } });
    expect(JSON.stringify(busy.body)).not.toContain(sending.referenceId);
    const sent = await charge;
    expect(sent).toMatchObject({ referenceId: sending.referenceId, displayStatus: 'waiting' });

    // Its answer is back and no window says the cashier is mid-sale: the till is free for the register.
    await setFaults(till, null);
    await startSale(register!, REGISTER_SALE);
  });

  it('takes only a well-formed mark, as the contract’s schema says', async () => {
    const till = await openRegisterTill();
    const refused = [
      { window: WINDOW, sale: { surface: 'payment' } },
      { window: WINDOW, sale: { surface: 'scan', referenceId: 'TILL01-20261122-AAAAAAAA' } },
      { window: WINDOW, sale: { surface: 'refund' } },
      { window: 'x', sale: null },
      { window: WINDOW },
      { window: WINDOW, sale: null, shown: true },
    ];
    for (const payload of refused) {
      const result = await dispatch(till.core.handlers, 'payments.cashierSale', payload);
      expect(result, JSON.stringify(payload)).toMatchObject({ ok: false, error: { code: 'ipc.invalid-payload' } });
    }
    // None of them made the till busy.
    await startSale(till.registers[0]!, REGISTER_SALE);
  });

  it('a register payment whose lookups can never succeed holds the till only while its QR could be paid', async () => {
    // The QR is payable for 1.5 s and the till gives the provider 0.5 s more before it cancels.
    const till = await openRegisterTill({ payments: { orderLifetimeMs: 1_500, expiryGraceMs: 500 } });
    const [register] = till.registers;
    const stuck = await startSale(register!, { amountMinor: 1200, currency: 'SGD', method: 'merchant-qr' });
    // From now on every lookup and cancel of it fails, as after a change of credentials mid-sale.
    await fetch(`${till.control}/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ fail5xxNext: 100_000, path: stuck.referenceId }),
    });
    const meanwhile = await register!.post('/payments', { ...REGISTER_SALE, method: 'merchant-qr' }, newKey());
    expect(meanwhile).toMatchObject({ status: 409, body: { code: 'ecr.busy', referenceId: stuck.referenceId } });

    // Past its QR's lifetime and the grace, the next sale goes through; the stuck one is still not settled.
    const next = await waitFor(async () => {
      const answer = await register!.post('/payments', { ...REGISTER_SALE, method: 'merchant-qr' }, newKey());
      return answer.status === 201 ? answer : undefined;
    });
    expect(next.body).toMatchObject({ status: 'waiting', amount: { amountMinor: 8000 } });
    const { payment } = await till.core.handlers['payments.get']({ referenceId: stuck.referenceId });
    expect(payment.state).not.toBe('final');
  });
});

async function setFaults(till: RegisterTill, faults: Record<string, unknown> | null): Promise<void> {
  const response = await fetch(`${till.control}/faults`, {
    method: faults ? 'POST' : 'DELETE',
    headers: { 'Content-Type': 'application/json' },
    ...(faults ? { body: JSON.stringify(faults) } : {}),
  });
  expect(response.ok).toBe(true);
}
