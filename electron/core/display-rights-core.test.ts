import { afterEach, describe, expect, it } from 'vitest';
import type { Core } from './core-api.ts';
import { AT_TILL, closeOpenedCores, ON_DISPLAY, openCore } from './core.test-helper.ts';
import { dispatch } from './dispatch.ts';
import { approveOnConsentPage } from '../sandbox/tokenized/tokenized.test-helper.ts';

// What only the customer display may do, tried from the cashier's side through the composed core, with the
// caller a transport passes on (the window's role in Electron, the token's in the web host).

afterEach(closeOpenedCores);

async function linkCustomer(core: Core, merchantUserId: string): Promise<void> {
  const started = await core.handlers['customers.startLink']({ merchantUserId, emailHint: 'lee@example.com' });
  const request = core.consent.consentRequest(started.linkToken);
  const location = await approveOnConsentPage(request.url, request.headers['X-Service-App-Token']!);
  await core.handlers['customers.completeLink']({ linkToken: started.linkToken, redirectedTo: location.toString() });
}

describe("the customer's approval on their display is theirs alone", () => {
  const charge = { merchantUserId: 'rights-1', amountMinor: 300, currency: 'SGD' as const, useCashback: false };

  it('refuses a yes from the cashier’s side (or from no page at all): the wallet is not charged', async () => {
    const { core } = await openCore();
    await linkCustomer(core, 'rights-1');
    const asked = await core.handlers['customers.requestApproval']({ action: 'charge', ...charge });
    expect(asked.by).toBe('customer-display');

    for (const caller of [AT_TILL, undefined]) {
      expect(
        await dispatch(
          core.handlers,
          'customers.answerApproval',
          { approvalId: asked.approvalId, approve: true },
          caller,
        ),
      ).toMatchObject({ ok: false, error: { code: 'ipc.forbidden' } });
    }
    expect((await core.handlers['customers.approvalStatus']({ approvalId: asked.approvalId })).state).toBe('waiting');
    expect(
      await dispatch(core.handlers, 'customers.charge', { ...charge, approvalId: asked.approvalId }, AT_TILL),
    ).toMatchObject({ ok: false, error: { code: 'approval.required' } });
    expect((await core.handlers['customers.find']({ merchantUserId: 'rights-1' })).charges).toEqual([]);

    // The customer's own yes, on their display, lets the charge through.
    expect(
      await dispatch(
        core.handlers,
        'customers.answerApproval',
        { approvalId: asked.approvalId, approve: true },
        ON_DISPLAY,
      ),
    ).toMatchObject({ ok: true, value: { state: 'approved' } });
    expect(
      await dispatch(core.handlers, 'customers.charge', { ...charge, approvalId: asked.approvalId }, AT_TILL),
    ).toMatchObject({ ok: true, value: { displayStatus: 'approved' } });
  });

  it('takes a no from either side', async () => {
    const { core } = await openCore();
    for (const caller of [AT_TILL, ON_DISPLAY]) {
      const asked = await core.handlers['customers.requestApproval']({ action: 'charge', ...charge });
      expect(
        await dispatch(
          core.handlers,
          'customers.answerApproval',
          { approvalId: asked.approvalId, approve: false },
          caller,
        ),
      ).toMatchObject({ ok: true, value: { state: 'declined' } });
    }
  });
});

describe('the customer display reads only what it shows', () => {
  it('payments.onDisplay: the payment at the counter as the display shows it, and nothing once it is over', async () => {
    const { core } = await openCore();
    expect(await core.handlers['payments.onDisplay']({}, ON_DISPLAY)).toBeNull();
    const charged = await core.handlers['payments.chargeMerchantQr']({ amountMinor: 420, currency: 'SGD' });
    const shown = await core.handlers['payments.onDisplay']({}, ON_DISPLAY);
    expect(shown).toEqual({
      referenceId: charged.referenceId,
      amount: { amountMinor: 420, currency: 'SGD' },
      state: charged.state,
      displayStatus: charged.displayStatus,
      qrPayload: charged.qrPayload,
      expiresAt: charged.expiresAt,
      createdAt: charged.createdAt,
      updatedAt: expect.any(String),
    });
    await core.handlers['payments.cancel']({ referenceId: charged.referenceId });
    await expect.poll(() => core.handlers['payments.onDisplay']({}, ON_DISPLAY)).toBeNull();
  });

  it("settings.display: the customer's language, the shop's name, the result's time and the customer's help", async () => {
    const { core } = await openCore();
    await core.handlers['settings.save']({ settings: { locale: 'en', customerLocale: 'zh-Hans' } });
    const { settings } = await core.handlers['settings.get']({});
    expect(await core.handlers['settings.display']({}, ON_DISPLAY)).toEqual({
      locale: 'zh-Hans',
      merchantName: settings.merchantName,
      resultDismissSeconds: settings.resultDismissSeconds,
      customerHelp: settings.customerHelp,
      demo: true,
    });
    await core.handlers['settings.save']({ settings: { customerLocale: '' } });
    expect(await core.handlers['settings.display']({}, ON_DISPLAY)).toMatchObject({ locale: 'en' });
  });
});
