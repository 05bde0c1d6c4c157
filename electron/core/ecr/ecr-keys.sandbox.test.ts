import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REGISTER_KEYS_FILE } from './key-store.ts';
import { RegisterClient } from './register-client.test-helper.ts';
import { openRegisterTill } from './register-till.test-helper.ts';

// A register-keys.json that cannot be read fails closed for the register connection alone: the till starts
// (its core is made while the connection is still off) and takes payments, the connection refuses every
// register, Settings names the problem, and the admin's next key sets the damaged file aside (kept, 0600).

describe('a damaged register keys file', () => {
  for (const [damage, content] of [
    ['empty', ''],
    ['holding a damaged entry', '{"keys":[{"name":"Front register","hash":"not a hash"}]}'],
  ] as const) {
    it(`${damage}: the till starts and takes payments, every register request is refused until keys are made again`, async () => {
      const dir = mkdtempSync(join(tmpdir(), 'ecr-keys-'));
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
