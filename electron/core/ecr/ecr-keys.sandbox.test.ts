import { mkdirSync, readdirSync, readFileSync, rmdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dispatch } from '../dispatch.ts';
import { openKeyStore, REGISTER_KEYS_FILE } from './key-store.ts';
import { RegisterClient, serverSentEvents } from './register-client.test-helper.ts';
import { openRegisterTill } from './register-till.test-helper.ts';
import { tempFolder } from '../../testing/helpers.ts';

// A register-keys.json that cannot be read fails closed for the register connection alone: the till starts
// (its core is made while the connection is still off) and takes payments, the connection refuses every
// register, Settings names the problem, and the admin's next key sets the damaged file aside (kept, 0600).

describe('a damaged register keys file', () => {
  for (const [damage, content] of [
    ['empty', ''],
    ['holding a damaged entry', '{"keys":[{"name":"Front register","hash":"not a hash"}]}'],
  ] as const) {
    it(`${damage}: the till starts and takes payments, every register request is refused until keys are made again`, async () => {
      const dir = tempFolder('ecr-keys-');
      writeFileSync(join(dir, REGISTER_KEYS_FILE), content, { mode: 0o644 });
      const till = await openRegisterTill({ dir, keyNames: [] });

      const status = await till.core.handlers['ecr.status']({});
      expect(status).toMatchObject({ enabled: true, keysProblem: 'unreadable' });
      const sale = await till.core.handlers['payments.chargeMerchantQr']({ amountMinor: 990, currency: 'SGD' });
      expect(sale.displayStatus).toBe('waiting');
      expect(await till.core.handlers['ecr.keys']({})).toEqual([]);

      const refusals = await Promise.all(
        ([{ Authorization: 'Bearer ecr_whatever' }, {}] as Record<string, string>[]).map(async (headers) => {
          const response = await fetch(`${status.baseUrl}/openapi.json`, { headers });
          return { status: response.status, type: response.headers.get('content-type'), body: await response.json() };
        }),
      );
      for (const refusal of refusals) {
        expect(refusal).toMatchObject({ status: 503, body: { code: 'ecr.keys-unreadable', status: 503 } });
      }

      const { key } = await till.core.handlers['ecr.createKey']({ name: 'Front register' });
      const [keptAs, ...more] = readdirSync(dir).filter((name) => name.startsWith(`${REGISTER_KEYS_FILE}.unreadable-`));
      expect(more).toEqual([]);
      expect(readFileSync(join(dir, keptAs!), 'utf8')).toBe(content);
      expect(statSync(join(dir, keptAs!)).mode & 0o777).toBe(0o600);
      expect(statSync(join(dir, REGISTER_KEYS_FILE)).mode & 0o777).toBe(0o600);
      expect((await till.core.handlers['ecr.status']({})).keysProblem).toBeNull();

      const register = new RegisterClient(status.baseUrl!, key);
      expect((await register.get('/openapi.json')).status).toBe(200);
      // The refusal was one the document describes.
      await register.check('GET', '/openapi.json', 503, refusals[0]!.type!, refusals[0]!.body);
    });
  }
});

// Every change to the keys is written before it takes effect: a revoke the disk refuses changes nothing (the
// admin is told, the key stays listed and working, its stream open) rather than a key gone now and back at the
// next start. The last use is best-effort: a disk that refuses it never refuses the register.
describe('register keys on a disk that refuses a write', () => {
  /** The key store's temp file cannot be made while a folder stands in its place. */
  const refuseWrites = (dir: string): (() => void) => {
    const temp = join(dir, `${REGISTER_KEYS_FILE}.${process.pid}.tmp`);
    mkdirSync(temp);
    return () => rmdirSync(temp);
  };

  it('a revoke whose write fails changes nothing; once written, the key is gone now and after a restart', async () => {
    const till = await openRegisterTill({ keyNames: ['Front register'] });
    const [register] = till.registers;
    const stream = await fetch(`${register!.baseUrl}/events`, {
      headers: { Authorization: `Bearer ${register!.key}` },
    });
    const events = serverSentEvents(stream);

    const allowWrites = refuseWrites(till.dir);
    const refused = await dispatch(till.core.handlers, 'ecr.revokeKey', { name: 'Front register' });
    expect(refused).toMatchObject({ ok: false, error: { code: 'ecr.keys-unsaved' } });
    expect((await till.core.handlers['ecr.keys']({})).map((k) => k.name)).toEqual(['Front register']);
    expect((await register!.get('/openapi.json')).status).toBe(200);
    // What a restart would read: the same key, as the admin sees it.
    expect(openKeyStore({ dataDir: till.dir }).authenticate(register!.key)?.keyName).toBe('Front register');

    allowWrites();
    await till.core.handlers['ecr.revokeKey']({ name: 'Front register' });
    expect(await till.core.handlers['ecr.keys']({})).toEqual([]);
    expect((await register!.get('/openapi.json')).status).toBe(401);
    // Its stream ended with the revoke.
    for (let next = await events.next(); !next.done; next = await events.next());
    expect(openKeyStore({ dataDir: till.dir }).authenticate(register!.key)).toBeNull();
  });

  it('a first use the disk cannot note is still answered (not 500), and noted at the next write', async () => {
    const till = await openRegisterTill({ keyNames: ['Front register'] });
    const [register] = till.registers;
    const allowWrites = refuseWrites(till.dir);
    expect((await register!.get('/openapi.json')).status).toBe(200);
    expect((await till.core.handlers['ecr.keys']({}))[0]!.lastUsedAt).not.toBeNull();
    allowWrites();
    await till.core.handlers['ecr.createKey']({ name: 'Back office' });
    const kept = JSON.parse(readFileSync(join(till.dir, REGISTER_KEYS_FILE), 'utf8')) as {
      keys: Array<{ name: string; lastUsedAt: string | null }>;
    };
    expect(kept.keys.find((k) => k.name === 'Front register')?.lastUsedAt).not.toBeNull();
  });
});
