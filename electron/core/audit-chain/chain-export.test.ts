import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { seedPayment, tempFolder, tempJournal } from '../payments/journal/journal-fixture.test-helper.ts';
import { DevelopmentFileVault } from '../settings/development-file-vault.ts';
import type { StoredChainEntry } from './chain-entry.ts';
import { exportChain, verifyExport } from './chain-export.ts';
import { TILL_KEY_SECRET_NAME, tillKeyFrom } from './till-key.ts';

function chainOf(payments: number) {
  const { journal, filePath } = tempJournal();
  for (let i = 0; i < payments; i += 1) seedPayment(journal, { amountMinor: 100 + i });
  const head = journal.chain.head();
  journal.close();
  const db = new DatabaseSync(filePath, { readOnly: true });
  const entries = db.prepare('SELECT seq, subject, body, hash FROM audit_chain ORDER BY seq').all();
  db.close();
  return { head, entries: entries as unknown as StoredChainEntry[] };
}

describe('the till key', () => {
  it('is made once, kept in the vault, and the same on the next start', async () => {
    const vault = new DevelopmentFileVault(join(tempFolder(), 'secrets.development.json'));
    const first = await tillKeyFrom(vault)();
    expect(await vault.get(TILL_KEY_SECRET_NAME)).toMatch(/BEGIN PRIVATE KEY/);
    const again = await tillKeyFrom(vault)();
    expect(again.publicKey).toBe(first.publicKey);
    expect(first.fingerprint).toMatch(/^[0-9a-f]{4}( [0-9a-f]{4}){3}$/);
  });
});

describe('the signed export', () => {
  it('checks out without the till, with its key', async () => {
    const key = await tillKeyFrom(new DevelopmentFileVault(join(tempFolder(), 'secrets.development.json')))();
    const { head, entries } = chainOf(3);
    const text = exportChain(entries, head, key, new Date('2026-11-21T10:00:00Z'));
    const verdict = verifyExport(text, key.publicKey);
    expect(verdict.problems).toEqual([]);
    expect(verdict.head).toEqual(head);
    expect(verdict.fingerprint).toBe(key.fingerprint);
    expect(text.split('\n')).toHaveLength(1 + head.entries + 1 + 1);
  });

  it('fails with one byte changed anywhere', async () => {
    const key = await tillKeyFrom(new DevelopmentFileVault(join(tempFolder(), 'secrets.development.json')))();
    const { head, entries } = chainOf(2);
    const text = exportChain(entries, head, key, new Date('2026-11-21T10:00:00Z'));
    const at = text.indexOf('"amount_minor\\":100') + '"amount_minor\\":10'.length;
    expect(text[at]).toBe('0');
    const changed = `${text.slice(0, at)}1${text.slice(at + 1)}`;
    expect(changed.length).toBe(text.length);
    const verdict = verifyExport(changed, key.publicKey);
    expect(verdict.problems.map((problem) => problem.kind)).toEqual(['signature', 'chain']);
    expect(verdict.problems[1]).toMatchObject({ kind: 'chain', finding: { kind: 'edited', seq: 1 } });
  });

  it('names an export re-signed with another key, and one cut short', async () => {
    const folder = tempFolder();
    const till = await tillKeyFrom(new DevelopmentFileVault(join(folder, 'a.json')))();
    const other = await tillKeyFrom(new DevelopmentFileVault(join(folder, 'b.json')))();
    const { head, entries } = chainOf(3);
    const forged = exportChain(entries, head, other, new Date());
    expect(verifyExport(forged, till.publicKey).problems.map((problem) => problem.kind)).toEqual(['other-key']);
    const short = exportChain(entries.slice(0, -1), head, till, new Date());
    expect(verifyExport(short, till.publicKey).problems.map((problem) => problem.kind)).toEqual(['count']);
  });
});
