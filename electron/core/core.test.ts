import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { noticeInEnglish } from '../../shared/notices.ts';
import type { StatusSnapshot } from '../../shared/status.ts';
import type { SettingsView } from '../../shared/settings.ts';
import type { CoreEvent } from './core-api.ts';
import { createCore } from './core.ts';
import { closeOpenedCores, ON_DISPLAY, openCore, opened } from './core.test-helper.ts';
import { dispatch } from './dispatch.ts';
import { DevelopmentFileVault } from './settings/development-file-vault.ts';
import { approveOnConsentPage } from '../sandbox/tokenized/tokenized.test-helper.ts';
import { csvRecords } from './payments/journal/csv-rows.test-helper.ts';
import { localDayOf, systemTimeZone } from './sqlite/local-time.ts';
import { createCustomerModule } from './customers/customer-module.ts';
import { waitFor } from '../sandbox/sandbox.test-helper.ts';
import { tempFolder } from '../testing/helpers.ts';

// The composed core against the real embedded sandbox over real sockets: demo mode, settings and the provider
// probe, linked customers. Dispatch and the admin PIN's guard are in core-guards.test.ts, receipts.print in
// core-receipts.test.ts.

afterEach(closeOpenedCores);

describe('createCore in demo mode (embedded sandbox)', () => {
  it('starts the sandbox and reports it in app.info', async () => {
    const { core } = await openCore();
    const info = await core.handlers['app.info']({});
    expect(info).toMatchObject({
      version: '1.2.3',
      transport: 'web',
      environment: 'embedded-sandbox',
      demo: true,
      posId: 'POS-DEMO-1',
      currency: 'SGD',
    });
    expect(info.sandboxBaseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const health = await fetch(`${info.sandboxBaseUrl}/posi-sandbox/v1/instore/order/unknown-ref-123`);
    expect(health.status).toBe(401); // a real provider simulator: unsigned requests are refused
  });

  it("a limit the provider's refusal taught reaches the screens: app.info and payments.amountLimitsLearned", async () => {
    const { core, events } = await openCore();
    expect((await core.handlers['app.info']({})).providerAmountLimits).toEqual({ minMinor: null, maxMinor: null });
    // Settings allow more than the demo merchant's maximum (1,000,000 minor units): the provider refuses it.
    await core.handlers['settings.save']({ settings: { amountLimits: { minMinor: 1, maxMinor: 5_000_000 } } });
    const refused = await dispatch(core.handlers, 'payments.chargeMerchantQr', {
      amountMinor: 2_000_000,
      currency: 'SGD',
    });
    expect(refused).toMatchObject({ ok: false, error: { code: 'amount.above-provider-maximum' } });

    const learned = { minMinor: null, maxMinor: 1_999_999 };
    expect(events.filter((e) => e.event === 'payments.amountLimitsLearned').map((e) => e.payload)).toEqual([learned]);
    expect((await core.handlers['app.info']({})).providerAmountLimits).toEqual(learned);
    // A later amount it rules out is refused at once, in the same words the Sale screen says before sending.
    expect(
      await dispatch(core.handlers, 'payments.chargeMerchantQr', { amountMinor: 3_000_000, currency: 'SGD' }),
    ).toMatchObject({
      ok: false,
      error: {
        code: 'amount.above-provider-maximum',
        notice: {
          key: 'amount.provider-maximum-learned',
          params: { max: { amountMinor: 1_999_999, currency: 'SGD' } },
        },
      },
    });
    // Nothing new learned: no second event.
    expect(events.filter((e) => e.event === 'payments.amountLimitsLearned')).toHaveLength(1);
  });

  it('probes the provider: status says reachable, with a measured clock skew, and announces it', async () => {
    const { core, events } = await openCore();
    const changed = await waitFor(() =>
      events.find((e): e is Extract<CoreEvent, { event: 'status.changed' }> => e.event === 'status.changed'),
    );
    const status: StatusSnapshot = changed.payload;
    expect(status.providerReachable).toBe(true);
    expect(status.demo).toBe(true);
    expect(typeof status.clockSkewMs).toBe('number');
    expect(Math.abs(status.clockSkewMs!)).toBeLessThan(5_000);
    expect(status.checkedAt).not.toBeNull();
    expect(await core.handlers['status.get']({})).toEqual(status);
  });

  it('tests the connection for real: signature accepted by the sandbox', async () => {
    const { core } = await openCore();
    const result = await core.handlers['settings.testConnection']({});
    expect(result).toMatchObject({ reachable: true, signatureAccepted: true });
    expect(result.notice.key).toBe('connection.accepted-in-sync');
    expect(noticeInEnglish(result.notice)).toMatch(
      /^Connected to Demo \(built-in sandbox\) \(127\.0\.0\.1:\d+\): signature accepted/,
    );
  });

  it('saves settings, emits settings.changed without secrets, and keeps them across a restart', async () => {
    const first = await openCore();
    await first.core.handlers['settings.save']({
      settings: { merchantName: 'Harbour Bakery' },
      // A supervisor PIN needs an admin PIN (settings/admin-pin-first.ts).
      secrets: { supervisorPin: '2468', adminPin: '8642' },
    });
    const event = await waitFor(() =>
      first.events.find((e): e is Extract<CoreEvent, { event: 'settings.changed' }> => e.event === 'settings.changed'),
    );
    const view: SettingsView = event.payload;
    expect(view.settings.merchantName).toBe('Harbour Bakery');
    expect(view.secrets.supervisorPin).toBe(true);
    expect(JSON.stringify(view)).not.toContain('2468');
    expect(await first.core.handlers['settings.verifyPin']({ kind: 'supervisor', pin: '2468' })).toEqual({
      valid: true,
    });
    expect(await first.core.handlers['settings.verifyPin']({ kind: 'supervisor', pin: '1111' })).toEqual({
      valid: false,
    });
    await first.core.close();

    const second = await openCore(first.dir);
    expect((await second.core.handlers['app.info']({})).merchantName).toBe('Harbour Bakery');
    expect(await second.core.handlers['settings.verifyPin']({ kind: 'supervisor', pin: '2468' })).toEqual({
      valid: true,
    });
  });

  it('leaves demo mode for a real environment only when it is complete: every missing credential named at once', async () => {
    const { core, events } = await openCore();
    const refused = await dispatch(core.handlers, 'settings.save', {
      settings: { environment: 'provider-sandbox', posId: 'POS-7' },
    });
    expect(refused).toMatchObject({
      ok: false,
      error: { code: 'settings.invalid', details: { field: 'accessKeyId', count: 2 } },
    });
    if (!refused.ok) expect(Object.keys(refused.error.fieldNotices ?? {})).toEqual(['accessKeyId', 'accessKeySecret']);
    expect((await core.handlers['app.info']({})).demo).toBe(true);

    await core.handlers['settings.save']({
      settings: { environment: 'provider-sandbox', accessKeyId: 'AK-LIVE-1', posId: 'POS-7' },
      secrets: { accessKeySecret: 'live-secret' },
    });
    const info = await core.handlers['app.info']({});
    expect(info.demo).toBe(false);
    expect(info.sandboxBaseUrl).toBeNull();
    const status = await waitFor(() =>
      events
        .map((e) => (e.event === 'status.changed' ? e.payload : undefined))
        .find((s) => s?.environment === 'provider-sandbox'),
    );
    expect(status.demo).toBe(false);
  });

  it('tests the connection with what is on the form before it is saved, and saves nothing', async () => {
    const { core } = await openCore();
    const form = await dispatch(core.handlers, 'settings.testConnection', {
      settings: { merchantName: 'Unsaved Name', environment: 'embedded-sandbox' },
    });
    expect(form).toMatchObject({ ok: true, value: { reachable: true, signatureAccepted: true } });
    // The form's problems come back all at once, as for a save.
    const halfDone = await dispatch(core.handlers, 'settings.testConnection', {
      settings: { environment: 'sg-production' },
      secrets: { accessKeySecret: ' spaced ' },
    });
    expect(halfDone).toMatchObject({ ok: false, error: { code: 'settings.invalid' } });
    if (!halfDone.ok)
      expect(Object.keys(halfDone.error.fieldNotices ?? {}).sort()).toEqual([
        'accessKeyId',
        'accessKeySecret',
        'posId',
      ]);
    expect((await core.handlers['settings.get']({})).settings).toMatchObject({
      merchantName: 'Demo Coffee Bar',
      environment: 'embedded-sandbox',
    });
  });
});

describe('linked customers in the composed core (demo merchant on the embedded sandbox)', () => {
  it('serves customers.* and keeps the app token in main: only consent access gives the header', async () => {
    const { core } = await openCore();
    const started = await dispatch(core.handlers, 'customers.startLink', {
      merchantUserId: 'core-cust-1',
      emailHint: 'lee@example.com',
    });
    if (!started.ok) throw new Error(started.error.message);
    const link = started.value as { linkToken: string; consentUrl: string; callbackUrl: string };
    expect(link.callbackUrl).toBe('https://till.wallet-pos.invalid/link/callback');
    expect(JSON.stringify(started)).not.toMatch(/eyJ/); // no JWT (the app token) in what the renderer gets
    const request = core.consent.consentRequest(link.linkToken);
    expect(request.url).toBe(link.consentUrl);
    expect(Object.keys(request.headers)).toEqual(['X-Service-App-Token']);
    expect(await dispatch(core.handlers, 'customers.linkStatus', { linkToken: link.linkToken })).toMatchObject({
      ok: true,
      value: { state: 'waiting' },
    });
    expect(await dispatch(core.handlers, 'customers.list', {})).toEqual({ ok: true, value: [] });
  });

  it('refuses customers.openConsent until a transport provides it, and validates customer payloads', async () => {
    const { core } = await openCore();
    expect(await dispatch(core.handlers, 'customers.openConsent', { linkToken: 'abc-123' })).toMatchObject({
      ok: false,
      error: { code: 'link.failed' },
    });
    expect(
      await dispatch(core.handlers, 'customers.charge', {
        merchantUserId: 'x',
        amountMinor: 12.5,
        currency: 'SGD',
        useCashback: true,
      }),
    ).toMatchObject({
      ok: false,
      error: { code: 'ipc.invalid-payload' },
    });
    expect(await dispatch(core.handlers, 'customers.find', { merchantUserId: 'nobody' })).toMatchObject({
      ok: false,
      error: { code: 'customer.not-found' },
    });
  });
});

describe('the customer approves before their stored wallet is charged', () => {
  async function linkedCore(merchantUserId: string) {
    const { core, events } = await openCore();
    const started = await core.handlers['customers.startLink']({ merchantUserId, emailHint: 'lee@example.com' });
    const request = core.consent.consentRequest(started.linkToken);
    const location = await approveOnConsentPage(request.url, request.headers['X-Service-App-Token']!);
    await core.handlers['customers.completeLink']({ linkToken: started.linkToken, redirectedTo: location.toString() });
    return { core, events };
  }

  it('charges only with a matching approval, once; a declined one charges nothing', async () => {
    const { core, events } = await linkedCore('core-approve-1');
    const charge = { merchantUserId: 'core-approve-1', amountMinor: 300, currency: 'SGD' as const, useCashback: true };
    expect(await dispatch(core.handlers, 'customers.charge', charge)).toMatchObject({
      ok: false,
      error: { code: 'approval.required' },
    });

    const asked = await core.handlers['customers.requestApproval']({
      action: 'charge',
      merchantUserId: 'core-approve-1',
      amountMinor: 300,
      currency: 'SGD',
    });
    expect(asked).toMatchObject({
      state: 'waiting',
      by: 'customer-display',
      amount: { amountMinor: 300, currency: 'SGD' },
      merchantName: 'Demo Coffee Bar',
    });
    // The customer display is told, with what it needs to ask.
    expect(
      events.some((e) => e.event === 'customers.approvalOnDisplay' && e.payload.approvalId === asked.approvalId),
    ).toBe(true);
    expect(
      await dispatch(core.handlers, 'customers.charge', { ...charge, approvalId: asked.approvalId }),
    ).toMatchObject({ ok: false, error: { code: 'approval.required' } });

    await core.handlers['customers.answerApproval']({ approvalId: asked.approvalId, approve: true }, ON_DISPLAY);
    // Another amount than the one approved is refused, and the approval is spent by the attempt.
    expect(
      await dispatch(core.handlers, 'customers.charge', { ...charge, amountMinor: 3000, approvalId: asked.approvalId }),
    ).toMatchObject({ ok: false, error: { code: 'approval.mismatch' } });
    const again = await core.handlers['customers.requestApproval']({
      action: 'charge',
      merchantUserId: 'core-approve-1',
      amountMinor: 300,
      currency: 'SGD',
    });
    await core.handlers['customers.answerApproval']({ approvalId: again.approvalId, approve: true }, ON_DISPLAY);
    expect((await core.handlers['customers.charge']({ ...charge, approvalId: again.approvalId })).displayStatus).toBe(
      'approved',
    );
    expect(
      await dispatch(core.handlers, 'customers.charge', { ...charge, approvalId: again.approvalId }),
    ).toMatchObject({ ok: false, error: { code: 'approval.expired' } });

    const declined = await core.handlers['customers.requestApproval']({
      action: 'charge',
      merchantUserId: 'core-approve-1',
      amountMinor: 300,
      currency: 'SGD',
    });
    expect(
      (await core.handlers['customers.answerApproval']({ approvalId: declined.approvalId, approve: false })).state,
    ).toBe('declined');
    expect(
      await dispatch(core.handlers, 'customers.charge', { ...charge, approvalId: declined.approvalId }),
    ).toMatchObject({ ok: false, error: { code: 'approval.declined' } });
    expect((await core.handlers['customers.find']({ merchantUserId: 'core-approve-1' })).charges).toHaveLength(1);
  });

  it('a capture is approved for the hold’s own amount; with the setting, by the supervisor PIN instead', async () => {
    const { core } = await linkedCore('core-approve-2');
    await core.handlers['settings.save']({
      settings: { linkedApproval: 'supervisor-pin' },
      secrets: { supervisorPin: '2468', adminPin: '8642' },
    });
    const hold = await core.handlers['customers.placeHold']({
      merchantUserId: 'core-approve-2',
      amountMinor: 2000,
      currency: 'SGD',
    });
    const asked = await core.handlers['customers.requestApproval']({
      action: 'capture',
      merchantUserId: 'core-approve-2',
      merchantRef: hold.merchantRef,
    });
    expect(asked).toMatchObject({ by: 'supervisor-pin', amount: { amountMinor: 2000, currency: 'SGD' } });
    expect(
      await dispatch(core.handlers, 'customers.answerApproval', { approvalId: asked.approvalId, approve: true }),
    ).toMatchObject({ ok: false, error: { code: 'supervisor.pin-required' } });
    expect(
      await dispatch(core.handlers, 'customers.answerApproval', {
        approvalId: asked.approvalId,
        approve: true,
        supervisorPin: '1111',
      }),
    ).toMatchObject({ ok: false, error: { code: 'supervisor.pin-wrong' } });
    await core.handlers['customers.answerApproval']({
      approvalId: asked.approvalId,
      approve: true,
      supervisorPin: '2468',
    });
    const captured = await core.handlers['customers.capture']({
      merchantRef: hold.merchantRef,
      approvalId: asked.approvalId,
    });
    expect(['capturing', 'captured']).toContain(captured.displayStatus);
  });
});

describe('linked-customer rows in the status bar and the day summary', () => {
  it('a charge whose answer was lost counts as Unresolved at once (status.changed), stops counting once settled, and its money is in the day summary and net', async () => {
    const dir = tempFolder('core-customers-');
    const vault = new DevelopmentFileVault(join(dir, 'vault.json'));
    const core = await createCore({
      dataDir: dir,
      vault,
      transport: 'web',
      version: '1.2.3',
      statusIntervalMs: 60_000,
      // The lost answer is learned a second later, so the count can be seen before it settles.
      customers: createCustomerModule({ vault, resolveDelaysMs: [1_000], client: { retry: { maxAttempts: 1 } } }),
    });
    opened.push({ core, dir });
    const events: CoreEvent[] = [];
    core.onEvent((event) => events.push(event));
    const counts = () => events.flatMap((e) => (e.event === 'status.changed' ? [e.payload.unresolvedCount] : []));
    const { sandboxBaseUrl } = await core.handlers['app.info']({});
    const day = localDayOf(Date.now(), systemTimeZone());
    const before = await core.handlers['payments.summary']({ day });
    expect(before.linkedCustomers).toEqual({
      charges: { count: 0, total: { amountMinor: 0, currency: 'SGD' } },
      captures: { count: 0, total: { amountMinor: 0, currency: 'SGD' } },
    });

    const started = await core.handlers['customers.startLink']({
      merchantUserId: 'core-unresolved-1',
      emailHint: 'lee@example.com',
    });
    const request = core.consent.consentRequest(started.linkToken);
    const location = await approveOnConsentPage(request.url, request.headers['X-Service-App-Token']!);
    await core.handlers['customers.completeLink']({ linkToken: started.linkToken, redirectedTo: location.toString() });
    await fetch(`${sandboxBaseUrl}/_sandbox/faults`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ dropAfterActNext: 1, path: '/charge' }),
    });
    // The customer approves on their display first (approvals.test: what happens without).
    const approval = await core.handlers['customers.requestApproval']({
      action: 'charge',
      merchantUserId: 'core-unresolved-1',
      amountMinor: 700,
      currency: 'SGD',
    });
    await core.handlers['customers.answerApproval']({ approvalId: approval.approvalId, approve: true }, ON_DISPLAY);
    const charge = await core.handlers['customers.charge']({
      merchantUserId: 'core-unresolved-1',
      amountMinor: 700,
      currency: 'SGD',
      useCashback: false,
      approvalId: approval.approvalId,
    });
    expect(charge.displayStatus).toBe('checking');

    expect((await core.handlers['status.get']({})).unresolvedCount).toBe(1);
    expect(counts()).toContain(1);
    expect(await dispatch(core.handlers, 'customers.unresolved', {})).toMatchObject({
      ok: true,
      value: [{ merchantRef: charge.merchantRef, kind: 'charge' }],
    });

    await waitFor(() => (counts().at(-1) === 0 ? true : undefined));
    expect((await core.handlers['status.get']({})).unresolvedCount).toBe(0);
    const after = await core.handlers['payments.summary']({ day });
    expect(after.linkedCustomers?.charges).toEqual({ count: 1, total: { amountMinor: 700, currency: 'SGD' } });
    expect(after.net.amountMinor).toBe(before.net.amountMinor + 700);

    // The end-of-day CSV carries the charge too, in the payment journal's columns, after its own lines.
    const { csv } = await core.handlers['payments.exportCsv']({ day });
    const linked = csvRecords(csv).filter((record) => record['Record'] === 'linked charge');
    expect(linked).toHaveLength(1);
    expect(linked[0]).toMatchObject({
      Reference: charge.merchantRef,
      Method: 'linked-customer',
      Status: 'approved',
      Currency: 'SGD',
      Amount: '7.00',
      'Note or reason': 'customer core-unresolved-1',
    });
    expect(linked[0]!['Provider order ID']).not.toBe('');
  });
});
