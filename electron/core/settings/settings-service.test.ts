import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PosError } from '../../../shared/errors.ts';
import { DEFAULT_SETTINGS } from '../../../shared/settings.ts';
import { DevelopmentFileVault } from './development-file-vault.ts';
import { openConfSettingsFile } from './settings-file.ts';
import { openSettingsService, type SettingsService } from './settings-service.ts';
import { removeFolder, tempFolder } from '../../testing/helpers.ts';

let dir: string;
let vaultPath: string;

async function open(now?: () => number): Promise<SettingsService> {
  return openSettingsService({
    file: openConfSettingsFile(dir),
    vault: new DevelopmentFileVault(vaultPath),
    lockoutFile: join(dir, 'pin-lockout.json'),
    ...(now ? { now } : {}),
  });
}

async function invalidField(
  promise: Promise<unknown>,
): Promise<{ field: unknown; message: string; notice: PosError['notice'] }> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PosError);
  expect((error as PosError).code).toBe('settings.invalid');
  return {
    field: (error as PosError).details?.field,
    message: (error as PosError).message,
    notice: (error as PosError).notice,
  };
}

beforeEach(() => {
  dir = tempFolder('settings-');
  vaultPath = join(dir, 'secrets.dev.json');
});
afterEach(() => removeFolder(dir));

describe('settings service', () => {
  it('starts from the defaults on the embedded sandbox (demo)', async () => {
    const service = await open();
    const view = service.view();
    expect(view.settings).toEqual(DEFAULT_SETTINGS);
    expect(view.demo).toBe(true);
    expect(view.secrets).toEqual({
      accessKeySecret: false,
      supervisorPin: false,
      adminPin: false,
      tokenizedMerchantSecret: false,
      headOfficeUrl: false,
    });
  });

  it('merges a patch, persists it, and reads it back after reopening', async () => {
    const first = await open();
    await first.save({
      settings: { merchantName: 'Kopi Corner', country: 'HK', currency: 'HKD', scanner: { maxInterKeyMs: 20 } },
    });
    const reopened = await open();
    const settings = reopened.current();
    expect(settings.merchantName).toBe('Kopi Corner');
    expect(settings.country).toBe('HK');
    expect(settings.currency).toBe('HKD');
    // nested objects are merged, not replaced
    expect(settings.scanner).toEqual({ ...DEFAULT_SETTINGS.scanner, maxInterKeyMs: 20 });
  });

  it('refuses a country/currency pair the provider does not accept, naming the field', async () => {
    const service = await open();
    const { field, notice } = await invalidField(service.save({ settings: { country: 'HK', currency: 'SGD' } }));
    expect(field).toBe('currency');
    expect(notice).toEqual({ key: 'settings.currency-not-in-country' });
    expect(service.current().country).toBe('SG');
  });

  it.each([
    [{ merchantName: '' }, 'merchantName'],
    [{ environment: 'mars' }, 'environment'],
    [{ terminalReference: 'TILL 01!' }, 'terminalReference'],
    [{ amountLimits: { minMinor: 500, maxMinor: 100 } }, 'amountLimits'],
    [{ scanner: { maxInterKeyMs: 1 } }, 'scanner.maxInterKeyMs'],
    [{ scanner: { beep: true } }, 'scanner.beep'],
    [{ surprise: 1 }, 'surprise'],
    [{ environment: 'custom', customBaseUrl: 'http://provider.example.com/posi' }, 'customBaseUrl'],
    [{ webhookUrl: 'ftp://x.example/hook' }, 'webhookUrl'],
    [
      {
        environment: 'custom',
        customBaseUrl: 'https://au.example.com/posi',
        tokenized: { customBaseUrl: 'http://gateway.example.com/merchant' },
      },
      'tokenized.customBaseUrl',
    ],
    [{ tokenized: { customBaseUrl: 'not a url' } }, 'tokenized.customBaseUrl'],
    [{ tokenized: { webhookUrl: 'http://till.example.com/hooks' } }, 'tokenized.webhookUrl'],
    [{ tokenized: { webhookListenPort: 70_000 } }, 'tokenized.webhookListenPort'],
    [{ tokenized: { webhookListenPort: -1 } }, 'tokenized.webhookListenPort'],
  ])('refuses %j with settings.invalid on %s and changes nothing', async (patch, expectedField) => {
    const service = await open();
    const { field } = await invalidField(service.save({ settings: patch }));
    expect(field).toBe(expectedField);
    expect((await open()).current()).toEqual(DEFAULT_SETTINGS);
  });

  it('accepts a custom https environment and loopback http', async () => {
    const service = await open();
    await service.save({ settings: { environment: 'custom', customBaseUrl: 'https://au.example.com/posi' } });
    await service.save({ settings: { customBaseUrl: 'http://127.0.0.1:8787/posi-sandbox' } });
    expect(service.view().demo).toBe(false);
  });

  it('stores secrets write-only: the view only says whether one is stored', async () => {
    const service = await open();
    const view = await service.save({
      settings: { accessKeyId: 'AK_live' },
      secrets: { accessKeySecret: 'SK_live_very_secret' },
    });
    expect(view.secrets.accessKeySecret).toBe(true);
    expect(JSON.stringify(view)).not.toContain('SK_live_very_secret');
    expect(await service.readSecret('accessKeySecret')).toBe('SK_live_very_secret');
    // Not in the settings file either.
    expect(readFileSync(join(dir, 'settings.json'), 'utf8')).not.toContain('SK_live_very_secret');
    const reopened = await open();
    expect(reopened.view().secrets.accessKeySecret).toBe(true);
    const cleared = await reopened.save({ secrets: { accessKeySecret: null } });
    expect(cleared.secrets.accessKeySecret).toBe(false);
    expect(await reopened.readSecret('accessKeySecret')).toBeNull();
  });

  it('applies concurrent saves one after the other, losing none', async () => {
    const service = await open();
    await Promise.all([
      service.save({ settings: { merchantName: 'Both kept' }, secrets: { supervisorPin: '1357' } }),
      service.save({ settings: { terminalReference: 'TILL-07' } }),
      service.save({ settings: { locale: 'zh-HK' } }),
    ]);
    const reopened = (await open()).current();
    expect(reopened).toMatchObject({ merchantName: 'Both kept', terminalReference: 'TILL-07', locale: 'zh-HK' });
  });

  it('refuses an empty secret or one with stray spaces', async () => {
    const service = await open();
    expect((await invalidField(service.save({ secrets: { accessKeySecret: '' } }))).field).toBe('accessKeySecret');
    expect((await invalidField(service.save({ secrets: { accessKeySecret: ' SK ' } }))).field).toBe('accessKeySecret');
    expect(service.view().secrets.accessKeySecret).toBe(false);
  });

  it('keeps the development vault file private to the owner', async () => {
    const service = await open();
    await service.save({ secrets: { accessKeySecret: 'SK_x' } });
    expect(statSync(vaultPath).mode & 0o777).toBe(0o600);
  });

  it('stores PINs as hashes and verifies them', async () => {
    const service = await open();
    expect(await service.verifyPin('supervisor', '1234')).toBe('not-set');
    await service.save({ secrets: { supervisorPin: '4821' } });
    expect(readFileSync(vaultPath, 'utf8')).not.toContain('4821');
    expect(await service.verifyPin('supervisor', '4821')).toBe('valid');
    expect(await service.verifyPin('supervisor', '4822')).toBe('wrong');
    expect(await service.verifyPin('admin', '4821')).toBe('not-set');
    expect((await invalidField(service.save({ secrets: { adminPin: '12a4' } }))).field).toBe('adminPin');
    expect((await invalidField(service.save({ secrets: { adminPin: '123' } }))).field).toBe('adminPin');
  });

  it('locks PIN checks for 30 s after five wrong tries in a row', async () => {
    let clock = 1_000_000;
    const service = await open(() => clock);
    await service.save({ secrets: { supervisorPin: '4821' } });
    for (let i = 0; i < 5; i += 1) expect(await service.verifyPin('supervisor', '0000')).toBe('wrong');
    const locked = await service.verifyPin('supervisor', '4821').catch((e: unknown) => e);
    expect(locked).toBeInstanceOf(PosError);
    expect((locked as PosError).code).toBe('supervisor.pin-wrong');
    expect((locked as PosError).retryable).toBe(true);
    clock += 30_001;
    expect(await service.verifyPin('supervisor', '4821')).toBe('valid');
  });

  it('doubles the wait after each further five wrong tries, up to a day, until a day without a lockout', async () => {
    let clock = 1_000_000;
    const service = await open(() => clock);
    await service.save({ secrets: { supervisorPin: '4821' } });
    const lockedFor = async (): Promise<unknown> =>
      service.verifyPin('supervisor', '4821').then(
        () => null,
        (e: unknown) => (e as PosError).details?.retryAfterSeconds,
      );
    // Past 15 minutes it keeps growing (a 15-minute cap let steady guessing through in 21 days), up to a day.
    const expectedWaits = [30, 60, 120, 240, 480, 960, 1920, 3840, 7680, 15_360, 30_720, 61_440, 86_400, 86_400];
    for (const wait of expectedWaits) {
      for (let i = 0; i < 5; i += 1) expect(await service.verifyPin('supervisor', '0000')).toBe('wrong');
      expect(await lockedFor()).toBe(wait);
      clock += wait * 1000 - 1_000;
      expect(await lockedFor()).toBe(1);
      clock += 1_000;
    }
    // A wait of hours is said in hours.
    for (let i = 0; i < 5; i += 1) expect(await service.verifyPin('supervisor', '0000')).toBe('wrong');
    expect(await service.verifyPin('supervisor', '4821').catch((e: unknown) => (e as PosError).notice)).toEqual({
      key: 'pin.locked-hours',
      params: { hours: 24 },
    });
    clock += 86_400_000;
    // The right PIN ends nothing (issue 33): the next five wrong ones lock for a day again.
    expect(await service.verifyPin('supervisor', '4821')).toBe('valid');
    for (let i = 0; i < 5; i += 1) expect(await service.verifyPin('supervisor', '0000')).toBe('wrong');
    expect(await lockedFor()).toBe(86_400);
    // A whole day without a lockout after that one ends starts the series again at 30 s.
    clock += 2 * 86_400_000 + 1;
    for (let i = 0; i < 5; i += 1) expect(await service.verifyPin('supervisor', '0000')).toBe('wrong');
    expect(await lockedFor()).toBe(30);
  });

  it('journals every lockout in the lockout file and the view, across a reopen and after the right PIN', async () => {
    let clock = Date.parse('2026-11-27T06:00:00.000Z');
    const service = await open(() => clock);
    await service.save({ secrets: { adminPin: '8642', supervisorPin: '4821' } });
    const lockOut = async (kind: 'admin' | 'supervisor'): Promise<void> => {
      for (let i = 0; i < 5; i += 1) expect(await service.verifyPin(kind, '0000')).toBe('wrong');
    };
    await lockOut('supervisor');
    clock += 30_000;
    await lockOut('supervisor');
    clock += 60_000;
    expect(await service.verifyPin('supervisor', '4821')).toBe('valid');
    await lockOut('admin');
    expect(service.view().pinLockouts).toEqual([
      { pin: 'supervisor', at: '2026-11-27T06:00:00.000Z', until: '2026-11-27T06:00:30.000Z' },
      { pin: 'supervisor', at: '2026-11-27T06:00:30.000Z', until: '2026-11-27T06:01:30.000Z' },
      { pin: 'admin', at: '2026-11-27T06:01:30.000Z', until: '2026-11-27T06:02:00.000Z' },
    ]);
    expect(JSON.parse(readFileSync(join(dir, 'pin-lockout.json'), 'utf8')).journal).toHaveLength(3);
    // Four wrong PINs are no lockout: nothing more is journalled.
    clock += 30_000;
    for (let i = 0; i < 4; i += 1) expect(await service.verifyPin('supervisor', '0000')).toBe('wrong');
    const reopened = await open(() => clock);
    expect(reopened.view().pinLockouts).toEqual(service.view().pinLockouts);
  });

  it('counts guesses sent all at once one by one: the lockout still stops them after five', async () => {
    const service = await open();
    await service.save({ secrets: { supervisorPin: '0019' } });
    // Twenty guesses in parallel, the right PIN last (as a loop over 0000…9999 would send it).
    const guesses = Array.from({ length: 20 }, (_, i) => String(i).padStart(4, '0'));
    const outcomes = await Promise.all(
      guesses.map((pin) =>
        service.verifyPin('supervisor', pin).catch((e: unknown) => (e instanceof PosError ? e.code : 'other')),
      ),
    );
    expect(outcomes.slice(0, 5)).toEqual(['wrong', 'wrong', 'wrong', 'wrong', 'wrong']);
    expect(new Set(outcomes.slice(5))).toEqual(new Set(['supervisor.pin-wrong']));
    expect(outcomes).not.toContain('valid');
  });

  it('tells listeners about every save, without secret values', async () => {
    const service = await open();
    const seen: string[] = [];
    service.onChange((view) => seen.push(JSON.stringify(view)));
    await service.save({ settings: { merchantName: 'Bakery' }, secrets: { tokenizedMerchantSecret: 'TK_abc' } });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toContain('Bakery');
    expect(seen[0]).not.toContain('TK_abc');
  });

  it('names the linked-customer field when its address is refused, and says what to enter', async () => {
    const service = await open();
    const webhook = await invalidField(
      service.save({ settings: { tokenized: { webhookUrl: 'ftp://x.example/hook' } } }),
    );
    expect(webhook).toMatchObject({ field: 'tokenized.webhookUrl', notice: { key: 'settings.https-or-empty' } });
    expect(webhook.message).toMatch(/^Enter an https:\/\/ address/);
    const custom = await invalidField(
      service.save({
        settings: {
          environment: 'custom',
          customBaseUrl: 'https://au.example.com/posi',
          tokenized: { customBaseUrl: 'http://10.0.0.5/merchant' },
        },
      }),
    );
    expect(custom).toMatchObject({
      field: 'tokenized.customBaseUrl',
      notice: { key: 'settings.https-or-local-or-empty' },
    });
  });

  it('says what is wrong with a refused value in plain words, with its limit, not zod’s developer English', async () => {
    const service = await open();
    expect((await invalidField(service.save({ settings: { scanner: { maxInterKeyMs: 900 } } }))).notice).toEqual({
      key: 'settings.at-most',
      params: { maximum: 200 },
    });
    expect((await invalidField(service.save({ settings: { merchantName: '' } }))).notice).toEqual({
      key: 'settings.required',
    });
    expect((await invalidField(service.save({ settings: { environment: 'mars' } }))).notice).toEqual({
      key: 'settings.choose-from-list',
    });
    expect(
      (await invalidField(service.save({ settings: { amountLimits: { minMinor: 500, maxMinor: 100 } } }))).notice,
    ).toEqual({ key: 'settings.min-above-max' });
  });

  it('accepts the linked-customer gateway (https or loopback http), webhook URL and listener port, and keeps them', async () => {
    const service = await open();
    await service.save({
      settings: {
        environment: 'custom',
        customBaseUrl: 'https://au.example.com/posi',
        tokenized: { customBaseUrl: 'https://gateway.example.com/merchant' },
      },
    });
    await service.save({
      settings: {
        tokenized: {
          customBaseUrl: 'http://127.0.0.1:8787/demo/merchant',
          webhookUrl: 'https://till.example.com/hooks/orders',
          webhookListenPort: 8788,
        },
      },
    });
    expect((await open()).current().tokenized).toEqual({
      ...DEFAULT_SETTINGS.tokenized,
      customBaseUrl: 'http://127.0.0.1:8787/demo/merchant',
      webhookUrl: 'https://till.example.com/hooks/orders',
      webhookListenPort: 8788,
    });
  });

  it('keeps the linked-customer fields an older file has, filling in the ones added since', async () => {
    const file = openConfSettingsFile(dir);
    file.store = {
      ...DEFAULT_SETTINGS,
      tokenized: { merchantId: 'MERCHANT_42', callbackUrl: 'https://till.example.com/link/callback' },
    };
    const service = await open();
    expect(service.current().tokenized).toEqual({
      ...DEFAULT_SETTINGS.tokenized,
      merchantId: 'MERCHANT_42',
      callbackUrl: 'https://till.example.com/link/callback',
    });
  });

  it('falls back to the default for a field a hand-edited file broke, keeping the others', async () => {
    const file = openConfSettingsFile(dir);
    file.store = { ...DEFAULT_SETTINGS, merchantName: 'Kept', locale: 'klingon', kiosk: 'yes' };
    const service = await open();
    expect(service.current().merchantName).toBe('Kept');
    expect(service.current().locale).toBe(DEFAULT_SETTINGS.locale);
    expect(service.current().kiosk).toBe(DEFAULT_SETTINGS.kiosk);
  });
});
