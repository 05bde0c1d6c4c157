import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tillState } from '../head-office/pg/head-office.test-helper.ts';
import {
  chainHeadsOf,
  closeHeadOffice,
  heartbeat,
  migrate,
  openHeadOffice,
  type HeadOfficeDb,
} from '../head-office/pg/index.ts';
import { TILL_IDENTITY_FILE } from '../head-office/till-identity.ts';
import { seedPayment, tempJournal } from '../payments/journal/journal-fixture.test-helper.ts';
import { usePostgres } from '../../testing/postgres.ts';
import { entryHash, GENESIS_HASH } from './chain-entry.ts';
import { runVerifyJournal } from './verify-cli.test-helper.ts';

// Issue 36's last gap: a journal rewritten with its chain recomputed fits itself, so the verifier alone finds
// nothing; the heads the head office kept from the till's heartbeats name the rewrite. A real journal file, a real
// PostgreSQL, `npm run verify-journal` as a person runs it.

const verify = runVerifyJournal;

/** Edits a payment's amount in its row and in every entry of it, then recomputes every hash: a careful forger. */
function rewriteWithChainRecomputed(filePath: string, referenceId: string, amountMinor: number): void {
  const db = new DatabaseSync(filePath);
  try {
    db.exec('DROP TRIGGER IF EXISTS audit_chain_no_update; DROP TRIGGER IF EXISTS audit_chain_no_delete;');
    db.exec(`UPDATE payment_attempts SET amount_minor = ${amountMinor} WHERE reference_id = '${referenceId}'`);
    db.exec(
      `UPDATE audit_chain SET body = json_set(body, '$.record.amount_minor', ${amountMinor})
       WHERE subject = 'payment_attempts/${referenceId}'`,
    );
    let previous = GENESIS_HASH;
    const update = db.prepare('UPDATE audit_chain SET hash = ? WHERE seq = ?');
    for (const entry of db.prepare('SELECT seq, body FROM audit_chain ORDER BY seq').all()) {
      previous = entryHash(previous, String(entry['body']));
      update.run(previous, Number(entry['seq']));
    }
  } finally {
    db.close();
  }
}

describe('chain heads at the head office', () => {
  const postgres = usePostgres();
  let db: HeadOfficeDb;
  beforeEach(async () => {
    db = openHeadOffice(postgres.url);
    await migrate(db);
  });
  afterEach(async () => {
    await closeHeadOffice(db);
  });

  it('keeps each head as first told; a journal rewritten with its chain recomputed is named with --head-office', async () => {
    const { journal, folder, filePath } = tempJournal();
    const till = tillState('shop-1', 'T1');
    writeFileSync(join(folder, TILL_IDENTITY_FILE), JSON.stringify({ tillId: till.tillId }));
    const paid = seedPayment(journal, { amountMinor: 1250 });
    const first = journal.chain.head();
    await heartbeat(db, { ...till, chainHead: first });
    seedPayment(journal, { amountMinor: 800 });
    const second = journal.chain.head();
    await heartbeat(db, { ...till, chainHead: second });
    await heartbeat(db, { ...till, chainHead: { entries: second.entries, hash: 'f'.repeat(64) } });
    journal.close();
    expect((await chainHeadsOf(db, till.tillId)).map(({ entries, hash }) => ({ entries, hash }))).toEqual([
      first,
      second,
    ]);
    expect((await verify(folder, '--head-office', postgres.url)).code).toBe(0);

    rewriteWithChainRecomputed(filePath, paid.referenceId, 125_000);
    const alone = await verify(folder);
    expect(alone.code).toBe(0);
    expect(alone.stdout).toMatch(/Nothing found/);

    const held = await verify(folder, '--head-office', postgres.url);
    expect(held.code).toBe(1);
    expect(held.stdout).toContain('Head office: 2 chain heads kept');
    expect(held.stdout).toContain(`rewritten: entry ${first.entries} is `);
    expect(held.stdout).toContain(`rewritten: entry ${second.entries} is `);
  }, 60_000);
});
