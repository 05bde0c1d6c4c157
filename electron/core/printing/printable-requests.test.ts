import { afterEach, describe, expect, it } from 'vitest';
import { requestSchemas } from '../../../shared/contract.ts';
import { closeOpenedCores, openCore } from '../core.test-helper.ts';
import { dispatch } from '../dispatch.ts';

// Every reason, note and name a person types reaches paper (slips, X and Z reports, receipts), the CSV and
// screens: the contract refuses control characters in each, at its field, before the core acts on it.

afterEach(closeOpenedCores);

/** ESC p 0 25 250: a drawer pulse; then a line feed, which would forge a line of its own. */
const ATTACK = 'damaged cup\x1bp\x00\x19\xfa\nREFUND CANCELLED';
const REFERENCE = 'TILL01-20261121-K3F9Q2ZP';

const refusedAt = (field: string) => ({
  ok: false,
  error: { code: 'ipc.invalid-payload', notice: { key: 'ipc.invalid-payload-at', params: { field } } },
});

describe('reasons, notes and names carry no printer command', () => {
  it('refuses a refund whose reason holds ESC p: ipc.invalid-payload at reason', async () => {
    const { core } = await openCore();
    expect(
      await dispatch(core.handlers, 'payments.refund', { referenceId: REFERENCE, amountMinor: 100, reason: ATTACK }),
    ).toMatchObject(refusedAt('reason'));
  });

  it.each([
    ['payments.cancel', { referenceId: REFERENCE, reason: ATTACK }, 'reason'],
    ['payments.chargeMerchantQr', { amountMinor: 100, currency: 'SGD', note: ATTACK }, 'note'],
    ['payments.chargeCustomerQr', { amountMinor: 100, currency: 'SGD', consumerCode: '2810123', note: ATTACK }, 'note'],
    ['customers.void', { merchantRef: REFERENCE, reason: ATTACK }, 'reason'],
    ['shifts.open', { note: ATTACK }, 'note'],
    ['staff.save', { name: 'Mei\rLing', role: 'cashier' }, 'name'],
    ['ecr.createKey', { name: 'Front\tregister' }, 'name'],
  ] as const)('refuses %s at its field %#', async (channel, payload, field) => {
    const { core } = await openCore();
    expect(await dispatch(core.handlers, channel, payload)).toMatchObject(refusedAt(field));
  });

  it('refuses a merchant name with a control character at merchantName, and keeps the name it had', async () => {
    const { core } = await openCore();
    const before = (await core.handlers['app.info']({})).merchantName;
    expect(
      await dispatch(core.handlers, 'settings.save', { settings: { merchantName: 'Kopi\x1bp\x00\x19\xfa Corner' } }),
    ).toMatchObject({ ok: false, error: { code: 'settings.invalid', details: { field: 'merchantName' } } });
    expect((await core.handlers['app.info']({})).merchantName).toBe(before);
  });

  it('takes every printable word as it was: accents, Chinese, Malay, punctuation, spaces', () => {
    const reason = '退貨 · tasse cassée — “rosak”, 50% off';
    expect(requestSchemas['payments.refund'].safeParse({ referenceId: REFERENCE, reason }).success).toBe(true);
    expect(requestSchemas['staff.save'].safeParse({ name: ' Siti Nur ', role: 'cashier' }).data).toMatchObject({
      name: 'Siti Nur',
    });
  });
});
