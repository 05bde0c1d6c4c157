import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { seedPayment, tempJournal } from '../payments/journal/journal-fixture.test-helper.ts';
import { DevelopmentFileVault } from '../settings/development-file-vault.ts';
import type { StoredChainEntry } from './chain-entry.ts';
import { exportChain } from './chain-export.ts';
import { tillKeyFrom } from './till-key.ts';
import { runVerifyJournal } from './verify-cli.test-helper.ts';

// `npm run verify-journal` as a person runs it: a plain Node process on a data folder, and on an export.

const verify = runVerifyJournal;

describe('npm run verify-journal', () => {
  it('says nothing was found in a sound journal, and names an edited amount with exit code 1', async () => {
    const { journal, folder, filePath } = tempJournal();
    const paid = seedPayment(journal, { amountMinor: 1250 });
    seedPayment(journal, { amountMinor: 800 });
    journal.close();

    const sound = await verify(folder);
    expect(sound.code).toBe(0);
    expect(sound.stdout).toMatch(/Chain: 6 entries/);
    expect(sound.stdout).toMatch(/Nothing found/);

    const db = new DatabaseSync(filePath);
    db.exec(`UPDATE payment_attempts SET amount_minor = 12500 WHERE reference_id = '${paid.referenceId}'`);
    db.close();
    const tampered = await verify(folder);
    expect(tampered.code).toBe(1);
    expect(tampered.stdout).toContain(`row-edited: payment_attempts/${paid.referenceId} differs from entry 3`);
  });

  it('checks a signed export without the till; one byte changed fails', async () => {
    const { journal, folder, filePath } = tempJournal();
    seedPayment(journal, { amountMinor: 1250 });
    const head = journal.chain.head();
    journal.close();
    const db = new DatabaseSync(filePath, { readOnly: true });
    const entries = db.prepare('SELECT seq, subject, body, hash FROM audit_chain ORDER BY seq').all();
    db.close();
    const key = await tillKeyFrom(new DevelopmentFileVault(join(folder, 'secrets.development.json')))();
    const text = exportChain(entries as unknown as StoredChainEntry[], head, key, new Date());
    const file = join(folder, 'chain.jsonl');
    writeFileSync(file, text);

    const good = await verify('--export', file, '--public-key', key.publicKey);
    expect(good.code).toBe(0);
    expect(good.stdout).toContain(`Signed by the till key ${key.fingerprint}`);

    writeFileSync(file, text.replace('1250', '1259'));
    const changed = await verify('--export', file);
    expect(changed.code).toBe(1);
    expect(changed.stdout).toMatch(/signature: the signature does not fit the file/);
  });

  it('refuses a folder without a journal with exit code 2', async () => {
    const { folder } = tempJournal();
    expect((await verify(join(folder, 'nothing-here'))).code).toBe(2);
  });
});
