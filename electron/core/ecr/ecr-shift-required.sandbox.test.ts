import { describe, expect, it } from 'vitest';
import { localDayOf, systemTimeZone } from '../sqlite/local-time.ts';
import { newKey, openRegisterTill, startSale } from './register-till.test-helper.ts';

// "Sell only in a shift" holds a register's sale too, both ways round: refused 409 shift.not-open (like a till
// busy or nobody signed in: try again once the cashier opened a shift), nothing recorded; taken once it is open.

describe('a register sale on a till that sells only in a shift', () => {
  it('is refused 409 shift.not-open while no shift is open, and taken once one is', async () => {
    const till = await openRegisterTill();
    const [register] = till.registers;
    await till.core.handlers['staff.save']({ name: 'Mei Ling', role: 'cashier', pin: '2468' });
    await till.core.handlers['settings.save']({ settings: { staff: { signInRequired: true, shiftRequired: true } } });
    await till.core.handlers['session.signIn']({ pin: '2468' });

    for (const method of ['merchant-qr', 'customer-qr']) {
      const refused = await register!.post('/payments', { amountMinor: 1200, currency: 'SGD', method }, newKey());
      expect(refused).toMatchObject({ status: 409, body: { code: 'shift.not-open' } });
    }
    // Read as the signed-in cashier: today's register sales (every day's asks payments-any-day), none.
    const today = localDayOf(Date.now(), systemTimeZone());
    expect((await till.core.handlers['payments.history']({ origin: 'from-register', day: today })).total).toBe(0);
    expect(await till.core.handlers['ecr.openSale']({})).toBeNull();

    await till.core.handlers['shifts.open']({});
    const accepted = await startSale(register!, { amountMinor: 1200, currency: 'SGD', method: 'merchant-qr' });
    expect(accepted).toMatchObject({ status: 'waiting' });
  });
});
