import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PosError } from '../../../shared/errors.ts';
import { DevelopmentFileVault } from '../settings/development-file-vault.ts';
import { redactEmailHint, redactPhoneHint } from './hints.ts';
import { TOKEN_KEY_SECRET_NAME, TokenCipher } from './token-cipher.ts';
import { removeFolder, tempFolder } from '../../testing/helpers.ts';

// Payment tokens sealed at rest under a vault key (a real vault file in a temp folder), and the user hints
// redacted before they leave the till.

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) removeFolder(dir);
});

function vaultFile(): string {
  const dir = tempFolder('wallet-pos-cipher-');
  dirs.push(dir);
  return join(dir, 'vault.json');
}

describe('TokenCipher', () => {
  it('seals with a key it keeps in the vault, opens only for the same customer, and survives a restart', async () => {
    const file = vaultFile();
    const sealed = await new TokenCipher(new DevelopmentFileVault(file)).seal('ptk_secret_token', 'cust-1');
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain('ptk_secret_token');
    expect(Buffer.from(JSON.parse(readFileSync(file, 'utf8'))[TOKEN_KEY_SECRET_NAME], 'base64')).toHaveLength(32);
    const reopened = new TokenCipher(new DevelopmentFileVault(file));
    expect(await reopened.open(sealed, 'cust-1')).toBe('ptk_secret_token');
    await expect(reopened.open(sealed, 'cust-2')).rejects.toMatchObject({ code: 'payment-token.invalid' });
    const tampered = `${sealed.slice(0, -2)}${sealed.endsWith('A') ? 'B' : 'A'}A`;
    await expect(reopened.open(tampered, 'cust-1')).rejects.toBeInstanceOf(PosError);
    // Another vault (lost key): the customer must link again.
    await expect(new TokenCipher(new DevelopmentFileVault(vaultFile())).open(sealed, 'cust-1')).rejects.toMatchObject({
      code: 'payment-token.invalid',
    });
  });

  it('opens only with the whole 16-byte tag: a tag cut short is refused', async () => {
    const cipher = new TokenCipher(new DevelopmentFileVault(vaultFile()));
    const [version, iv, tag, data] = (await cipher.seal('ptk_secret_token', 'cust-1')).split('.');
    const cut = (bytes: number): string =>
      [version, iv, Buffer.from(tag!, 'base64url').subarray(0, bytes).toString('base64url'), data].join('.');
    for (const bytes of [4, 8, 12, 15]) {
      await expect(cipher.open(cut(bytes), 'cust-1')).rejects.toMatchObject({ code: 'payment-token.invalid' });
    }
    expect(await cipher.open(cut(16), 'cust-1')).toBe('ptk_secret_token');
  });

  it('a damaged data key in the vault is reported and kept, never replaced by a new one', async () => {
    for (const damaged of ['c2hvcnQ=', 'not base64 at all!', Buffer.alloc(33, 7).toString('base64')]) {
      const file = vaultFile();
      writeFileSync(file, JSON.stringify({ [TOKEN_KEY_SECRET_NAME]: damaged }));
      const cipher = new TokenCipher(new DevelopmentFileVault(file));
      await expect(cipher.seal('ptk_secret_token', 'cust-1')).rejects.toMatchObject({
        code: 'payment-token.key-unreadable',
      });
      await expect(cipher.open('v1.aaaaaaaaaaaaaaaa.aaaaaaaaaaaaaaaaaaaaaa.aaaa', 'cust-1')).rejects.toMatchObject({
        code: 'payment-token.key-unreadable',
      });
      expect(JSON.parse(readFileSync(file, 'utf8'))[TOKEN_KEY_SECRET_NAME]).toBe(damaged);
    }
  });

  it('two seals of the same token differ (fresh IV each time)', async () => {
    const cipher = new TokenCipher(new DevelopmentFileVault(vaultFile()));
    expect(await cipher.seal('t', 'u')).not.toBe(await cipher.seal('t', 'u'));
  });
});

describe('user hints', () => {
  it('keeps only the last four digits of a phone number, the first letter and domain of an e-mail', () => {
    expect(redactPhoneHint('+65 9123 4567')).toBe('+65 ****4567');
    expect(redactPhoneHint('9123-4567')).toBe('****4567');
    expect(redactPhoneHint('+65 ****4567')).toBe('+65 ****4567');
    expect(redactEmailHint(' Jane.Doe@example.com ')).toBe('J***@example.com');
    expect(redactEmailHint('j***@example.com')).toBe('j***@example.com');
    expect(() => redactPhoneHint('123')).toThrow(PosError);
    expect(() => redactEmailHint('not an email')).toThrow(PosError);
  });
});
