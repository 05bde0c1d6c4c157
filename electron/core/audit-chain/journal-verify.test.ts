import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { seedLookedUp, seedPayment, tempJournal } from '../payments/journal/journal-fixture.test-helper.ts';
import { GENESIS_HASH } from './chain-entry.ts';
import { verifyJournalFile, type ChainVerdict } from './journal-verify.ts';

// The tamper tests: a journal written through the real API, closed, then changed directly in its SQLite file the
// way someone with the file and a SQLite tool would; the verifier must name what was done and where.

/** A day of a till: a shift, three paid payments, one refunded (approved), one cancelled, a looked-up refund. */
function writtenJournal() {
  const test = tempJournal();
  const { journal, clock } = test;
  const tick = (): void => clock.advance(1_000);
  journal.shifts.open({ openedBy: { id: 'sue', name: 'Sue Wong' }, note: null });
  tick();
  const paid = seedPayment(journal, { amountMinor: 1250 });
  tick();
  seedPayment(journal, { amountMinor: 800 });
  tick();
  const refund = journal.recordRefund(paid.referenceId, {
    amountMinor: 250,
    approvedBy: { id: 'sue', name: 'Sue Wong' },
  } as never);
  tick();
  journal.updateRefund(refund.refundId, { state: 'succeeded' });
  tick();
  const waiting = seedPayment(journal, { outcome: 'waiting' });
  const cancel = journal.recordCancel(waiting.referenceId, { cancelledBy: { id: 'sue', name: 'Sue Wong' } });
  journal.updateCancel(cancel.cancelId, { state: 'done', outcome: 'cancelled' });
  journal.updateAttempt(waiting.referenceId, { state: 'final', providerStatus: 'CANCELLED' });
  tick();
  const other = seedLookedUp(journal, clock);
  journal.recordRefund(other.referenceId, { amountMinor: 100 });
  tick();
  journal.chain.append('settings.changed', 'settings', { changed: ['printer.kind'], by: 'admin' });
  tick();
  journal.shifts.close({ closedBy: { id: 'sue', name: 'Sue Wong' }, force: true, currency: 'SGD' });
  const head = journal.chain.head();
  journal.close();
  return { ...test, head, paid, refund };
}

/** Changes the file as a SQLite tool would: the chain's own guards (append-only triggers) dropped first. */
function tamper(filePath: string, sql: string): void {
  const db = new DatabaseSync(filePath);
  try {
    db.exec('PRAGMA foreign_keys = OFF');
    db.exec('DROP TRIGGER IF EXISTS audit_chain_no_update; DROP TRIGGER IF EXISTS audit_chain_no_delete;');
    db.exec(sql);
  } finally {
    db.close();
  }
}

function entryOf(filePath: string, kind: string): { seq: number; body: string } {
  const db = new DatabaseSync(filePath, { readOnly: true });
  try {
    const row = db
      .prepare("SELECT seq, body FROM audit_chain WHERE json_extract(body, '$.kind') = ? ORDER BY seq LIMIT 1")
      .get(kind);
    return { seq: Number(row!['seq']), body: String(row!['body']) };
  } finally {
    db.close();
  }
}

function first(verdict: ChainVerdict | null) {
  expect(verdict).not.toBeNull();
  expect(verdict!.findings.length).toBeGreaterThan(0);
  return verdict!.findings[0]!;
}

describe('the audit chain of a payment journal', () => {
  it('reads a column a later schema adds, at its default, as no change; a value put there is still found', () => {
    const { filePath, paid } = writtenJournal();
    tamper(
      filePath,
      `ALTER TABLE payment_attempts ADD COLUMN later_flag INTEGER NOT NULL DEFAULT 0;
       ALTER TABLE refunds ADD COLUMN later_note TEXT;
       ALTER TABLE shifts ADD COLUMN later_word TEXT NOT NULL DEFAULT 'it''s new';`,
    );
    expect(verifyJournalFile(filePath)!.findings).toEqual([]);

    tamper(filePath, `UPDATE payment_attempts SET later_flag = 1 WHERE reference_id = '${paid.referenceId}'`);
    expect(first(verifyJournalFile(filePath))).toMatchObject({ kind: 'row-edited' });
  });

  it('holds every record written through the journal, and nothing is found in an untouched file', () => {
    const { filePath, head } = writtenJournal();
    const verdict = verifyJournalFile(filePath)!;
    expect(verdict.findings).toEqual([]);
    expect(verdict.head).toEqual(head);
    expect(verdict.total).toBe(head.entries);
    expect(head.hash).not.toBe(GENESIS_HASH);

    const db = new DatabaseSync(filePath, { readOnly: true });
    const kinds = db
      .prepare("SELECT json_extract(body, '$.kind') AS kind FROM audit_chain ORDER BY seq")
      .all()
      .map((row) => row['kind']);
    db.close();
    expect(kinds[0]).toBe('shift.opened');
    expect(kinds).toEqual(
      expect.arrayContaining([
        'payment.created',
        'payment.changed',
        'refund.approved',
        'refund.changed',
        'cancel.created',
        'cancel.changed',
        'payment.looked-up',
        'refund.created',
        'settings.changed',
      ]),
    );
    expect(kinds.at(-1)).toBe('shift.closed');
  });

  it('names a payment whose amount was edited in its table (its entry left alone)', () => {
    const { filePath, paid } = writtenJournal();
    tamper(filePath, `UPDATE payment_attempts SET amount_minor = 300 WHERE reference_id = '${paid.referenceId}'`);
    expect(first(verifyJournalFile(filePath))).toMatchObject({
      kind: 'row-edited',
      subject: `payment_attempts/${paid.referenceId}`,
    });
  });

  it('names a payment whose value was put in as bytes or as a fraction (what SQLite writes unlike the till)', () => {
    const { filePath, paid } = writtenJournal();
    // The table rebuilt without its types (STRICT) first, as a determined tamperer could.
    tamper(
      filePath,
      `PRAGMA legacy_alter_table = ON;
       CREATE TABLE loose AS SELECT * FROM payment_attempts;
       DROP TABLE payment_attempts;
       ALTER TABLE loose RENAME TO payment_attempts;`,
    );
    tamper(filePath, `UPDATE payment_attempts SET note = x'6869' WHERE reference_id = '${paid.referenceId}'`);
    expect(first(verifyJournalFile(filePath))).toMatchObject({
      kind: 'row-edited',
      subject: `payment_attempts/${paid.referenceId}`,
    });
    tamper(
      filePath,
      `UPDATE payment_attempts SET note = NULL, amount_minor = 1250.5 WHERE reference_id = '${paid.referenceId}'`,
    );
    expect(first(verifyJournalFile(filePath))).toMatchObject({ kind: 'row-edited' });
    // The same number stored as a real (1250.0) is the same value to the till: no finding.
    tamper(filePath, `UPDATE payment_attempts SET amount_minor = 1250.0 WHERE reference_id = '${paid.referenceId}'`);
    expect(verifyJournalFile(filePath)?.findings).toEqual([]);
  });

  it('names the entry whose amount was edited in the chain itself', () => {
    const { filePath } = writtenJournal();
    const created = entryOf(filePath, 'payment.created');
    const edited = created.body.replace('"amount_minor":1250', '"amount_minor":125');
    expect(edited).not.toBe(created.body);
    tamper(filePath, `UPDATE audit_chain SET body = '${edited}' WHERE seq = ${created.seq}`);
    expect(first(verifyJournalFile(filePath))).toMatchObject({ kind: 'edited', seq: created.seq });
  });

  it('names a refund deleted from its table', () => {
    const { filePath, refund } = writtenJournal();
    tamper(filePath, `DELETE FROM refunds WHERE refund_id = '${refund.refundId}'`);
    expect(first(verifyJournalFile(filePath))).toMatchObject({
      kind: 'row-deleted',
      subject: `refunds/${refund.refundId}`,
    });
  });

  it('names the place of a refund deleted from the table and from the chain', () => {
    const { filePath, refund } = writtenJournal();
    const entry = entryOf(filePath, 'refund.approved');
    tamper(
      filePath,
      `DELETE FROM refunds WHERE refund_id = '${refund.refundId}';
       DELETE FROM audit_chain WHERE subject = 'refunds/${refund.refundId}'`,
    );
    expect(first(verifyJournalFile(filePath))).toMatchObject({ kind: 'deleted', seq: entry.seq });
  });

  it('names two entries swapped', () => {
    const { filePath } = writtenJournal();
    tamper(
      filePath,
      `UPDATE audit_chain SET seq = 1000 WHERE seq = 3;
       UPDATE audit_chain SET seq = 3 WHERE seq = 4;
       UPDATE audit_chain SET seq = 4 WHERE seq = 1000;`,
    );
    expect(first(verifyJournalFile(filePath))).toMatchObject({ kind: 'reordered', seq: 3 });
  });

  it('names an entry put in and the rest renumbered', () => {
    const { filePath } = writtenJournal();
    tamper(
      filePath,
      `UPDATE audit_chain SET seq = seq + 1000 WHERE seq >= 5;
       UPDATE audit_chain SET seq = seq - 999 WHERE seq >= 1005;
       INSERT INTO audit_chain (seq, subject, body, hash)
         SELECT 5, subject, json_set(body, '$.seq', 5), hash FROM audit_chain WHERE seq = 4;`,
    );
    // The put-in entry does not hash (it is a copy); had its maker hashed it right, the next one would be named.
    expect(first(verifyJournalFile(filePath))).toMatchObject({ seq: 5 });
    expect(['edited', 'inserted']).toContain(first(verifyJournalFile(filePath)).kind);
  });

  it('names a chain truncated: the records written after its new end, and the Z that printed more', () => {
    const { filePath, head } = writtenJournal();
    tamper(filePath, `DELETE FROM audit_chain WHERE seq > ${head.entries - 3}`);
    const verdict = verifyJournalFile(filePath)!;
    expect(verdict.total).toBe(head.entries - 3);
    expect(verdict.findings.map((finding) => finding.kind)).toContain('truncated');
    expect(first(verdict).kind).toBe('truncated');
  });

  it('names a chain cut below what a closed Z printed, even with the later records removed too', () => {
    const test = tempJournal();
    const { journal } = test;
    journal.shifts.open({ openedBy: null, note: null });
    seedPayment(journal, { amountMinor: 500 });
    const closed = journal.shifts.close({ closedBy: null, force: true, currency: 'SGD' });
    const printed = closed.zReport!.chain!;
    journal.close();
    // Cut back to just after the shift opened, and the payment removed with it: only the Z still knows.
    tamper(test.filePath, `DELETE FROM payment_attempts; DELETE FROM audit_chain WHERE seq > 1;`);
    const findings = verifyJournalFile(test.filePath)!.findings;
    expect(findings).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: 'truncated', seq: printed.entries })]),
    );
  });

  it('names a row the chain never held', () => {
    const { filePath, paid } = writtenJournal();
    tamper(
      filePath,
      `INSERT INTO cancels (cancel_id, reference_id, idempotency_key, state, created_at, updated_at)
         VALUES ('c-forged', '${paid.referenceId}', 'k-forged', 'sending', 0, 0);`,
    );
    expect(verifyJournalFile(filePath)!.findings).toEqual([
      expect.objectContaining({ kind: 'row-unchained', subject: 'cancels/c-forged' }),
    ]);
  });
});
