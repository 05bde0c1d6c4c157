import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PosError } from '../../../shared/errors.ts';
import { requestSchemas, type Handlers } from '../../../shared/contract.ts';
import { dispatch } from '../dispatch.ts';
import { DEFAULT_SETTINGS } from '../../../shared/settings.ts';
import { DevelopmentFileVault } from './development-file-vault.ts';
import { openConfSettingsFile } from './settings-file.ts';
import { openSettingsService, type SettingsService } from './settings-service.ts';
import { removeFolder, tempFolder } from '../../testing/helpers.ts';

// Setting names that are also names every object inherits (Object.prototype): `key in defaults` said yes to
// them, so `constructor` or `toString` passed as known settings, and `__proto__` (an own key after
// JSON.parse) rewrote the merged object's prototype. Each must be refused as an unknown setting, at the top
// level and inside a group, arriving as JSON over the contract.

let dir: string;
let service: SettingsService;

beforeEach(async () => {
  dir = tempFolder('settings-keys-');
  service = await openSettingsService({
    file: openConfSettingsFile(dir),
    vault: new DevelopmentFileVault(join(dir, 'vault.json')),
    lockoutFile: join(dir, 'pin-lockout.json'),
  });
});
afterEach(() => removeFolder(dir));

/** Only settings.save, on this test's service (dispatch needs nothing else for it). */
function core(): Handlers {
  return {
    'settings.save': (patch: Parameters<SettingsService['save']>[0]) => service.save(patch),
  } as unknown as Handlers;
}

/** The patch as main receives it: JSON from the page, through the contract's schema. */
function fromWire(json: string): Parameters<SettingsService['save']>[0] {
  return requestSchemas['settings.save'].parse(JSON.parse(json));
}

async function refusedField(json: string): Promise<unknown> {
  const error = await service.save(fromWire(json)).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PosError);
  expect(error).toMatchObject({ code: 'settings.invalid', notice: { key: 'settings.unknown-setting' } });
  return (error as PosError).details?.field;
}

describe('setting names that objects inherit', () => {
  it.each(['constructor', 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__'])(
    'refuses "%s" as an unknown setting',
    async (name) => {
      expect(await refusedField(`{"settings": {${JSON.stringify(name)}: {"merchantName": "Pwned"}}}`)).toBe(name);
      expect(service.current()).toEqual(DEFAULT_SETTINGS);
    },
  );

  it.each(['constructor', 'toString', '__proto__'])('refuses "%s" inside a settings group', async (name) => {
    expect(await refusedField(`{"settings": {"tokenized": {${JSON.stringify(name)}: {"merchantId": "Pwned"}}}}`)).toBe(
      `tokenized.${name}`,
    );
    expect(service.current()).toEqual(DEFAULT_SETTINGS);
  });

  it('refuses "__proto__" at the top level: over the contract (which would otherwise drop it silently), and in the service', async () => {
    const wire = await dispatch(
      core(),
      'settings.save',
      JSON.parse('{"settings": {"__proto__": {"merchantName": "Pwned"}}}'),
    );
    expect(wire).toMatchObject({
      ok: false,
      error: {
        code: 'ipc.invalid-payload',
        notice: { key: 'ipc.invalid-payload-at', params: { field: 'settings.__proto__' } },
      },
    });
    // A caller inside main, past the contract, gets the service's own refusal.
    const direct = await service.save(JSON.parse('{"settings": {"__proto__": {"merchantName": "Pwned"}}}')).then(
      () => null,
      (e: unknown) => e,
    );
    expect(direct).toMatchObject({
      code: 'settings.invalid',
      details: { field: '__proto__' },
      notice: { key: 'settings.unknown-setting' },
    });
    expect(service.current()).toEqual(DEFAULT_SETTINGS);
  });

  it('leaves Object.prototype alone', async () => {
    await dispatch(core(), 'settings.save', JSON.parse('{"settings": {"__proto__": {"polluted": true}}}'));
    await service.save(JSON.parse('{"settings": {"__proto__": {"polluted": true}}}')).catch(() => undefined);
    await service
      .save(fromWire('{"settings": {"tokenized": {"__proto__": {"polluted": true}}}}'))
      .catch(() => undefined);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
