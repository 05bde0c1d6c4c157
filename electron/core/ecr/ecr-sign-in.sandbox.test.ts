import { describe, expect, it } from 'vitest';
import { localDayOf, systemTimeZone } from '../sqlite/local-time.ts';
import { newKey, openRegisterTill, startSale } from './register-till.test-helper.ts';

// "Ask who is at the till" holds a register's sale too: nobody is signed in, so nobody could take it at the
// counter. The register is told so in a way it can act on (409, like a till busy with another sale: try again
// once someone is there), never a 422 that reads as its own request being wrong. Once a cashier signs in, the
// sale is theirs.

describe('a register sale on a till that asks who is at the till', () => {
  it('is refused 409 auth.sign-in-required while nobody is signed in, and is the cashier’s once they sign in', async () => {
    const till = await openRegisterTill();
    const [register] = till.registers;
    const { id } = await till.core.handlers['staff.save']({ name: 'Mei Ling', role: 'cashier', pin: '2468' });
    await till.core.handlers['settings.save']({ settings: { staff: { signInRequired: true } } });

    const refused = await register!.post(
      '/payments',
      { amountMinor: 1200, currency: 'SGD', method: 'merchant-qr' },
      newKey(),
    );
    expect(refused).toMatchObject({ status: 409, body: { code: 'auth.sign-in-required' } });

    await till.core.handlers['session.signIn']({ pin: '2468' });
    // Read as the cashier (nobody signed in may not read payments): today's register sales, none.
    const today = localDayOf(Date.now(), systemTimeZone());
    expect((await till.core.handlers['payments.history']({ origin: 'from-register', day: today })).total).toBe(0);
    const accepted = await startSale(register!, { amountMinor: 1200, currency: 'SGD', method: 'merchant-qr' });
    const payment = await till.core.handlers['payments.get']({ referenceId: accepted.referenceId });
    expect(payment.payment.takenBy).toEqual({ id, name: 'Mei Ling' });
  });
});
