import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LEGACY_KEY_ID_PREFIX } from '../payments/journal/index.ts';
import { keyNameForm } from './key-name.ts';
import { openKeyStore, REGISTER_KEYS_FILE } from './key-store.ts';
import { removeFolder, tempFolder } from '../../testing/helpers.ts';

// The keys file of a till from before keys had ids: each key is `legacy:` + its name, which is whose its
// payments are in a migrated journal (schema 13), and the id is kept from then on.

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) removeFolder(dir);
});

describe('register keys kept before keys had ids', () => {
  it('keep their payments: the id is legacy: + the name, written with the next change', () => {
    const dir = tempFolder('ecr-keys-');
    dirs.push(dir);
    const key = `ecr_${'x'.repeat(43)}`;
    const hash = createHash('sha256').update(key, 'utf8').digest('hex');
    writeFileSync(
      join(dir, REGISTER_KEYS_FILE),
      JSON.stringify({ keys: [{ name: 'Front', hash, createdAt: '2026-11-01T00:00:00.000Z', lastUsedAt: null }] }),
    );
    const store = openKeyStore({ dataDir: dir });
    expect(store.authenticate(key)).toEqual({ keyId: `${LEGACY_KEY_ID_PREFIX}Front`, keyName: 'Front' });
    const made = store.create('Back');
    const kept = JSON.parse(readFileSync(join(dir, REGISTER_KEYS_FILE), 'utf8')) as { keys: Array<{ id: string }> };
    expect(kept.keys.map((k) => k.id)).toEqual([
      `${LEGACY_KEY_ID_PREFIX}Front`,
      expect.stringMatching(/^key_[0-9a-f]{32}$/),
    ]);
    expect(openKeyStore({ dataDir: dir }).authenticate(made.key)?.keyId).toBe(kept.keys[1]!.id);
  });
});

describe('a key name as a person reads it', () => {
  it('is one name whatever its case, width or Greek and Cyrillic look-alikes; another name stays another', () => {
    const form = keyNameForm('POS A');
    for (const same of ['pos a', 'ＰＯＳ Ａ', 'POS \u0391', 'P\u041eS \u0410', 'POS a'])
      expect(keyNameForm(same), same).toBe(form);
    for (const other of ['POS B', 'POS AA', 'POSA', 'POS Ä']) expect(keyNameForm(other), other).not.toBe(form);
  });
});
