import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { afterEach, describe, expect, it } from 'vitest';
import type { Core } from '../core-api.ts';
import { createCore } from '../core.ts';
import { closeOpenedCores, opened, paidPayment } from '../core.test-helper.ts';
import { dispatch } from '../dispatch.ts';
import { logsFolderOf } from '../logging/log-file.ts';
import { FAST } from '../payments/payment-service.test-helper.ts';
import { createPaymentModule } from '../payments/payment-service.ts';
import { DEMO_CREDENTIALS, DEMO_TOKENIZED_CREDENTIALS } from '../provider/demo.ts';
import { DevelopmentFileVault } from '../settings/development-file-vault.ts';
import { tempFolder } from '../../testing/helpers.ts';

// A till's whole working day through the composed core (real sandbox, real SQLite, real log files): secrets
// saved, PINs right and wrong, a charge, a refund, a register key, a screen's error quoting a credential. Then
// not one log line, and not one byte of the support bundle, holds any of those secrets.

afterEach(closeOpenedCores);

const ADMIN_PIN = '90571368';
const SUPERVISOR_PIN = '48206913';
const WRONG_PIN = '13572468';
const MERCHANT_SECRET = 'TKsecret-7f3a9c21-stored-by-the-admin';
const ACCESS_SECRET = 'SKsecret-d41d8cd98f00b204-refused-save';
const BEARER = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ0aWxsIn0.c2lnbmF0dXJlLWJ5dGVzLWhlcmU';

async function openTill(): Promise<{ core: Core; dir: string }> {
  const dir = tempFolder('support-');
  const core = await createCore({
    dataDir: dir,
    vault: new DevelopmentFileVault(join(dir, 'vault.json')),
    transport: 'web',
    version: '1.2.3',
    statusIntervalMs: 60_000,
    payments: createPaymentModule(FAST),
  });
  opened.push({ core, dir });
  return { core, dir };
}

/** Every line of every log file of the till, as text. */
function allLogText(dir: string): string {
  const folder = logsFolderOf(dir);
  return readdirSync(folder)
    .map((file) => readFileSync(join(folder, file), 'utf8'))
    .join('\n');
}

describe('logs and the support bundle after a working day', () => {
  it('hold no secret, PIN, key or token; the bundle holds settings without secrets and the journals’ health', async () => {
    const { core, dir } = await openTill();
    await core.handlers['settings.save']({
      settings: { merchantName: 'Kopi Corner' },
      secrets: { adminPin: ADMIN_PIN, supervisorPin: SUPERVISOR_PIN, tokenizedMerchantSecret: MERCHANT_SECRET },
    });
    // A save refused (a real environment without its key id) that carried a secret.
    expect(
      await dispatch(core.handlers, 'settings.save', {
        settings: { environment: 'provider-sandbox' },
        secrets: { accessKeySecret: ACCESS_SECRET },
      }),
    ).toMatchObject({ ok: false });
    // PINs: wrong, then right; a staff sign-in by PIN, wrong then right.
    expect(await core.handlers['settings.verifyPin']({ kind: 'admin', pin: WRONG_PIN })).toEqual({ valid: false });
    expect(await core.handlers['settings.verifyPin']({ kind: 'admin', pin: ADMIN_PIN })).toEqual({ valid: true });
    expect(await dispatch(core.handlers, 'session.signIn', { pin: WRONG_PIN })).toMatchObject({ ok: false });
    expect(await dispatch(core.handlers, 'session.signIn', { pin: SUPERVISOR_PIN })).toMatchObject({ ok: true });
    // The sign-in ended the admin's window (issue 33): the admin verifies again for the key and the bundle.
    expect(await core.handlers['settings.verifyPin']({ kind: 'admin', pin: ADMIN_PIN })).toEqual({ valid: true });
    const { key: registerKey } = await core.handlers['ecr.createKey']({ name: 'Front register' });

    const referenceId = await paidPayment(core);
    expect(
      await dispatch(core.handlers, 'payments.refund', {
        referenceId,
        amountMinor: 100,
        reason: 'damaged cup',
        supervisorPin: WRONG_PIN,
      }),
    ).toMatchObject({ ok: false, error: { code: 'supervisor.pin-wrong' } });
    await core.handlers['payments.refund']({
      referenceId,
      amountMinor: 100,
      reason: 'damaged cup',
      supervisorPin: SUPERVISOR_PIN,
    });
    expect(
      await core.handlers['log.rendererError']({
        kind: 'unhandledrejection',
        message: `fetch failed: Authorization: Bearer ${BEARER}`,
        stack: `at pay (sale.tsx:10)\nsupervisorPin=${SUPERVISOR_PIN} key=${registerKey}`,
        page: '/',
      }),
    ).toEqual({ logged: true });

    const bundle = await core.handlers['support.bundle']({});
    await core.close();

    const secrets = [
      ADMIN_PIN,
      SUPERVISOR_PIN,
      WRONG_PIN,
      MERCHANT_SECRET,
      ACCESS_SECRET,
      BEARER.split('.')[0]!,
      BEARER.split('.')[2]!,
      registerKey,
      DEMO_CREDENTIALS.accessKeySecret,
      DEMO_TOKENIZED_CREDENTIALS.secret,
    ];
    const logs = allLogText(dir);
    // The day did leave its lines: the refusals (codes, never the requests), the renderer's error, the bundle.
    for (const code of [
      '"supervisor.pin-wrong"',
      '"settings.invalid"',
      '"auth.wrong-pin"',
      '"renderer.unhandled-rejection"',
    ])
      expect(logs).toContain(code);
    for (const secret of secrets) expect(logs, `a log holds ${secret}`).not.toContain(secret);

    const zipBytes = readFileSync(bundle.path);
    expect(zipBytes.length).toBe(bundle.bytes);
    const files = unzipSync(zipBytes);
    const text = Object.fromEntries(Object.entries(files).map(([name, bytes]) => [name, strFromU8(bytes)]));
    const everything = `${Buffer.from(zipBytes).toString('latin1')}\n${Object.values(text).join('\n')}`;
    for (const secret of secrets) expect(everything, `the bundle holds ${secret}`).not.toContain(secret);

    const manifest = JSON.parse(text['manifest.json']!) as { files: Array<{ name: string; bytes: number }> };
    expect(manifest.files.map((file) => file.name)).toEqual(
      expect.arrayContaining(['settings.json', 'journals.json', 'status.json', 'versions.json']),
    );
    for (const file of manifest.files) expect(files[file.name]?.length).toBe(file.bytes);
    expect(manifest.files.some((file) => /^logs\/core\.\d+\.log$/.test(file.name))).toBe(true);
    expect(manifest.files.some((file) => /^logs\/renderer\.\d+\.log$/.test(file.name))).toBe(true);

    const settings = JSON.parse(text['settings.json']!) as Record<string, unknown>;
    expect(settings).toMatchObject({
      source: 'running-till',
      settings: { merchantName: 'Kopi Corner' },
      secretsStored: { adminPin: true, supervisorPin: true, tokenizedMerchantSecret: true, accessKeySecret: false },
    });

    const journals = JSON.parse(text['journals.json']!) as Array<Record<string, unknown>>;
    expect(journals.map((journal) => journal['journal'])).toEqual(['payments', 'customers']);
    const payments = journals[0]!;
    expect(payments).toMatchObject({ exists: true, integrity: ['ok'], error: null, mark: { kind: 'found' } });
    expect(payments['schemaVersion']).toBe(payments['latestSchemaVersion']);
    // Counts, not rows: one payment (paid, part of it refunded) and its one refund.
    expect(payments['states']).toMatchObject({ 'payment_attempts.display_status': { paid: 1 } });
    expect(payments['rows']).toMatchObject({ payment_attempts: 1, refunds: 1 });
    expect(text['journals.json']).not.toContain(referenceId);

    const status = JSON.parse(text['status.json']!) as Record<string, unknown>;
    expect(status).toMatchObject({ running: true, problems: { journals: [], listeners: [] } });
    expect(JSON.parse(text['versions.json']!)).toMatchObject({ app: '1.2.3', node: process.versions.node });
  });

  it('is the admin’s: refused while settings are locked; where the logs are is not', async () => {
    const first = await openTill();
    await first.core.handlers['settings.save']({ secrets: { adminPin: ADMIN_PIN } });
    await first.core.close();
    // The same till started again: the admin window the save opened is gone.
    const core = await createCore({
      dataDir: first.dir,
      vault: new DevelopmentFileVault(join(first.dir, 'vault.json')),
      transport: 'web',
      version: '1.2.3',
      statusIntervalMs: 60_000,
    });
    opened.push({ core, dir: first.dir });
    expect(await dispatch(core.handlers, 'support.bundle', {})).toMatchObject({
      ok: false,
      error: { code: 'admin.pin-required' },
    });
    expect(await dispatch(core.handlers, 'support.logs', {})).toEqual({
      ok: true,
      value: { folder: logsFolderOf(first.dir) },
    });
  });
});
