import { afterEach, describe, expect, it } from 'vitest';
import { closeOpenedCores, openCore } from '../core.test-helper.ts';
import { dispatch } from '../dispatch.ts';

// "Sell only in a shift" (Settings → Staff, shiftRequired), through the composed core: a charge with no shift open
// is refused shift.not-open before anything is written or sent, whichever way round it is taken; opening a
// shift lets it through. A till with the setting off sells as before.

afterEach(closeOpenedCores);

async function signedInTill(shiftRequired: boolean) {
  const first = await openCore();
  await dispatch(first.core.handlers, 'settings.save', { secrets: { adminPin: '8642' } });
  await first.core.close();
  const { core } = await openCore(first.dir);
  await dispatch(core.handlers, 'settings.verifyPin', { kind: 'admin', pin: '8642' });
  await core.handlers['staff.save']({ name: 'Ann Lee', role: 'cashier', pin: '1111' });
  await core.handlers['settings.save']({ settings: { staff: { signInRequired: true, shiftRequired } } });
  await core.handlers['session.signIn']({ pin: '1111' });
  return core;
}

describe('shift required', () => {
  it('refuses a sale with no shift open (shift.not-open, nothing recorded) and takes it once a shift is open', async () => {
    const core = await signedInTill(true);
    const merchantQr = await dispatch(core.handlers, 'payments.chargeMerchantQr', {
      amountMinor: 780,
      currency: 'SGD',
    });
    expect(merchantQr).toMatchObject({ ok: false, error: { code: 'shift.not-open', retryable: false } });
    const customerQr = await dispatch(core.handlers, 'payments.chargeCustomerQr', {
      amountMinor: 780,
      currency: 'SGD',
      consumerCode: '281012345678901234',
    });
    expect(customerQr).toMatchObject({ ok: false, error: { code: 'shift.not-open' } });
    expect((await core.handlers['payments.history']({})).total).toBe(0);

    await core.handlers['shifts.open']({});
    const charged = await dispatch(core.handlers, 'payments.chargeMerchantQr', { amountMinor: 780, currency: 'SGD' });
    expect(charged).toMatchObject({ ok: true, value: { displayStatus: 'waiting' } });
  });

  it('is off unless set: a till with sign-in but without the rule sells with no shift', async () => {
    const core = await signedInTill(false);
    const charged = await dispatch(core.handlers, 'payments.chargeMerchantQr', { amountMinor: 780, currency: 'SGD' });
    expect(charged).toMatchObject({ ok: true, value: { displayStatus: 'waiting' } });
  });
});
