import {
  chmodSync,
  closeSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  truncateSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import type { JournalProblemKind } from '../../../shared/journal.ts';
import { customerJournalFileIn, openCustomerJournal } from '../customers/journal.ts';
import { tempFolder, testClock } from '../payments/journal/journal-fixture.test-helper.ts';
import { JournalLostError, resolveJournalProblem } from './journal-file.ts';
import { incidentsOf } from './journal-identity.ts';
import { markFileOf, readMark } from './journal-mark.ts';
import { JOURNAL_RECORDS_FILE, journalRecordsIn } from './journal-record.ts';
import { journalFileIn, openJournal, type Journal } from '../payments/journal/journal.ts';

// The journal refuses, at start, a file that is not the one this till wrote — deleted, emptied, swapped,
// rolled back, corrupt — and never mistakes a normal restart or a SIGKILL for one of those. Real files. The tests
// that kill a real writer process are in journal-file.slow.test.ts.

const clock = testClock();
const open = (filePath: string): Journal => openJournal({ filePath, timeZone: 'UTC', now: clock.now });

function pay(journal: Journal, amountMinor = 1234): string {
  const referenceId = journal.newReferenceId('TILL01');
  journal.recordAttempt({
    referenceId,
    method: 'merchant-qr',
    amount: { amountMinor, currency: 'SGD' },
    posId: 'POS-1',
  });
  journal.updateAttempt(referenceId, { state: 'active', providerStatus: 'CREATED' }, 1);
  return referenceId;
}

/** A journal with `count` payments, closed. */
function journalWith(count: number, folder = tempFolder()): string {
  const filePath = journalFileIn(folder);
  const journal = open(filePath);
  for (let i = 0; i < count; i += 1) pay(journal);
  journal.close();
  return filePath;
}

function refusal(openIt: () => unknown): JournalLostError {
  try {
    const opened = openIt() as { close(): void };
    opened.close();
  } catch (error) {
    if (error instanceof JournalLostError) return error;
    throw error;
  }
  throw new Error('the journal was not refused');
}

const modeOf = (path: string) => statSync(path).mode & 0o777;

describe('a lost journal is refused at start, with what was lost', () => {
  it('deleted: refused as missing, and no new file is created in its place', () => {
    const filePath = journalWith(3);
    rmSync(filePath);
    const { problem } = refusal(() => open(filePath));
    expect(problem).toMatchObject({
      journal: 'payments',
      kind: 'missing',
      filePath,
      foundWrites: null,
      actions: ['recheck', 'start-new'],
    });
    expect(problem.recordedWrites).toBeGreaterThanOrEqual(6);
    expect(problem.recordedLastWriteAt).toBe(new Date(clock.now()).toISOString());
    expect(existsSync(filePath)).toBe(false);
  });

  it('truncated to 0 bytes: refused as empty, and the file stays empty', () => {
    const filePath = journalWith(3);
    truncateSync(filePath, 0);
    expect(refusal(() => open(filePath)).problem.kind).toBe('empty');
    expect(statSync(filePath).size).toBe(0);
  });

  it('replaced with another journal: refused as replaced', () => {
    const filePath = journalWith(3);
    const other = journalWith(5);
    copyFileSync(other, filePath);
    const { problem } = refusal(() => open(filePath));
    expect(problem).toMatchObject({ kind: 'replaced', actions: ['recheck', 'accept', 'start-new'] });
    expect(problem.foundWrites).toBeGreaterThan(problem.recordedWrites!);
  });

  it('replaced with a database that is no journal of this till (no identity, or no tables): replaced / empty', () => {
    const filePath = journalWith(1);
    rmSync(filePath);
    const db = new DatabaseSync(filePath);
    db.exec('CREATE TABLE something (x INTEGER)');
    db.close();
    expect(refusal(() => open(filePath)).problem.kind).toBe('replaced');
    rmSync(filePath);
    const blank = new DatabaseSync(filePath);
    blank.exec('PRAGMA user_version = 1');
    blank.close();
    expect(refusal(() => open(filePath)).problem.kind).toBe('empty');
  });

  it('rolled back to an older copy: refused as behind, saying how many writes are missing since when', () => {
    const folder = tempFolder();
    const filePath = journalWith(2, folder);
    const older = join(folder, 'backup.sqlite3');
    copyFileSync(filePath, older);
    const journal = open(filePath);
    clock.advance(60_000);
    pay(journal);
    journal.close();
    copyFileSync(older, filePath);
    const { problem } = refusal(() => open(filePath));
    expect(problem).toMatchObject({ kind: 'behind', actions: ['recheck', 'accept', 'start-new'] });
    expect(problem.recordedWrites! - problem.foundWrites!).toBe(2);
    expect(Date.parse(problem.recordedLastWriteAt!) - Date.parse(problem.foundLastWriteAt!)).toBe(60_000);
  });

  it('a corrupt page: refused as corrupt at start (quick_check), not at the first payment', () => {
    const filePath = journalWith(300);
    const pageSize = 4096;
    const pages = statSync(filePath).size / pageSize;
    expect(pages).toBeGreaterThan(10);
    // Overwrite the middle of a table page deep in the file (its header and cells), as a failing disk would.
    const fd = openSync(filePath, 'r+');
    writeSync(fd, Buffer.alloc(512, 0xa5), 0, 512, Math.floor(pages / 2) * pageSize);
    closeSync(fd);
    const { problem } = refusal(() => open(filePath));
    expect(problem.kind).toBe('corrupt');
    expect(problem.detail).toBeTruthy();
    expect(problem.actions).toEqual(['recheck', 'start-new']);
  });

  it('the mark itself unreadable: refused (accept rewrites it from a sound journal)', () => {
    const filePath = journalWith(1);
    writeFileSync(markFileOf(filePath), 'garbage');
    const problem = refusal(() => open(filePath)).problem;
    expect(problem.kind).toBe('mark-unreadable');
    resolveJournalProblem({ filePath, journal: 'payments', now: clock.now }, 'mark-unreadable', 'accept');
    open(filePath).close();
  });

  it('the linked-customer journal is guarded by the same helper', () => {
    const folder = tempFolder();
    const filePath = customerJournalFileIn(folder);
    const journal = openCustomerJournal({ filePath, now: clock.now });
    journal.appendEvent({ kind: 'note', summary: 'hello' });
    journal.close();
    rmSync(filePath);
    expect(refusal(() => openCustomerJournal({ filePath, now: clock.now })).problem).toMatchObject({
      journal: 'customers',
      kind: 'missing',
    });
    expect(existsSync(filePath)).toBe(false);
  });
});

/** A journal of a till: its record kept in the folder's record file, as createCore keeps it. */
function tillJournal(folder: string) {
  const records = journalRecordsIn(folder);
  const filePath = journalFileIn(folder);
  const options = { filePath, journal: 'payments' as const, now: clock.now, records };
  return {
    filePath,
    records,
    options,
    open: () => openJournal({ filePath, timeZone: 'UTC', now: clock.now, records }),
  };
}
const removeWithMark = (filePath: string) => {
  for (const path of [filePath, `${filePath}-wal`, `${filePath}-shm`, markFileOf(filePath)])
    rmSync(path, { force: true });
};

describe("deleted together with its mark: the till's record file notices it", () => {
  it('journal, write-ahead log and mark all deleted (rm payments.sqlite3*): refused as missing, nothing created', () => {
    const till = tillJournal(tempFolder());
    const journal = till.open();
    pay(journal);
    pay(journal);
    journal.close();
    const recorded = till.records.read('payments');
    expect(recorded?.writes).toBeGreaterThanOrEqual(4);
    removeWithMark(till.filePath);

    const { problem } = refusal(till.open);
    expect(problem).toMatchObject({
      journal: 'payments',
      kind: 'missing',
      recordedWrites: recorded!.writes,
      recordedLastWriteAt: new Date(recorded!.lastWriteAt!).toISOString(),
      actions: ['recheck', 'start-new'],
    });
    expect(existsSync(till.filePath)).toBe(false);
  });

  it('a first start with no record begins a new journal and records it; a normal restart opens it', () => {
    const till = tillJournal(tempFolder());
    expect(till.records.read('payments')).toBeNull();
    const journal = till.open();
    expect(till.records.read('payments')).toMatchObject({ journalId: expect.any(String), writes: expect.any(Number) });
    pay(journal);
    journal.close();
    const reopened = till.open();
    expect(reopened.history({}).total).toBe(1);
    reopened.close();
  });

  it('start-new replaces the record: the new journal is accepted, the old record no longer refuses it', () => {
    const folder = tempFolder();
    const till = tillJournal(folder);
    const journal = till.open();
    pay(journal);
    journal.close();
    const before = till.records.read('payments')!;
    removeWithMark(till.filePath);
    const options = { filePath: till.filePath, journal: 'payments' as const, now: clock.now, records: till.records };
    resolveJournalProblem(options, 'missing', 'start-new');

    const after = till.records.read('payments')!;
    expect(after.journalId).not.toBe(before.journalId);
    const fresh = till.open();
    expect(fresh.history({}).total).toBe(0);
    pay(fresh);
    fresh.close();
    const db = new DatabaseSync(till.filePath);
    expect(incidentsOf(db)).toMatchObject([{ action: 'started-new', problem: { kind: 'missing' } }]);
    db.close();
  });

  it('journal and mark swapped for another pair, or for an older copy of both: replaced / behind', () => {
    const folder = tempFolder();
    const till = tillJournal(folder);
    const journal = till.open();
    pay(journal);
    journal.close();
    const older = join(folder, 'older');
    mkdirSync(older);
    for (const suffix of ['', '.mark']) copyFileSync(`${till.filePath}${suffix}`, join(older, `copy${suffix}`));
    const again = till.open();
    pay(again);
    again.close();

    // An older copy of the journal together with its own (older) mark.
    for (const suffix of ['', '.mark']) copyFileSync(join(older, `copy${suffix}`), `${till.filePath}${suffix}`);
    expect(refusal(till.open).problem).toMatchObject({ kind: 'behind', actions: ['recheck', 'accept', 'start-new'] });

    // Another till's journal with its mark.
    const stranger = journalWith(1);
    removeWithMark(till.filePath);
    for (const suffix of ['', '.mark']) copyFileSync(`${stranger}${suffix}`, `${till.filePath}${suffix}`);
    expect(refusal(till.open).problem.kind).toBe('replaced');
  });

  it('the linked-customer journal too', () => {
    const folder = tempFolder();
    const records = journalRecordsIn(folder);
    const filePath = customerJournalFileIn(folder);
    const openIt = () => openCustomerJournal({ filePath, now: clock.now, records });
    const journal = openIt();
    journal.appendEvent({ kind: 'note', summary: 'hello' });
    journal.close();
    removeWithMark(filePath);
    expect(refusal(openIt).problem).toMatchObject({ journal: 'customers', kind: 'missing' });
    // The payment journal's record is its own: a first start of it beside this one is not refused.
    tillJournal(folder).open().close();
  });

  it("the record file is the till's own: 0600 beside the journals, one record per journal", () => {
    const folder = tempFolder();
    const till = tillJournal(folder);
    till.open().close();
    const path = join(folder, JOURNAL_RECORDS_FILE);
    expect(modeOf(path)).toBe(0o600);
    const stored = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
    expect(stored).toEqual({ payments: till.records.read('payments') });
  });

  it('a damaged record file counts as none (the mark still guards the journal): set aside and written again', () => {
    const folder = tempFolder();
    const till = tillJournal(folder);
    const journal = till.open();
    pay(journal);
    journal.close();
    writeFileSync(join(folder, JOURNAL_RECORDS_FILE), '{"payments": ');
    expect(till.records.read('payments')).toBeNull();
    const reopened = till.open();
    expect(reopened.history({}).total).toBe(1);
    reopened.close();
    expect(till.records.read('payments')?.writes).toBeGreaterThan(0);
    const keptAside = readdirSync(folder).filter((name) => name.startsWith(`${JOURNAL_RECORDS_FILE}.unreadable-`));
    expect(keptAside.map((name) => readFileSync(join(folder, name), 'utf8'))).toEqual(['{"payments": ']);
  });
});

describe("an admin's decision is kept in the journal: a record that lags it refuses nothing", () => {
  /** The record file as it is now, to put back later: what a crash before its next write leaves. */
  const recordFileOf = (folder: string) => readFileSync(join(folder, JOURNAL_RECORDS_FILE));
  /** The record file cannot be replaced (as on a full disk): its temp file's place is taken by a folder. */
  const blockRecordWrites = (folder: string) => mkdirSync(join(folder, `${JOURNAL_RECORDS_FILE}.${process.pid}.tmp`));

  it('start-new, then the record as it was before (a crash before it was rewritten): the new journal opens', () => {
    const folder = tempFolder();
    const till = tillJournal(folder);
    const journal = till.open();
    pay(journal);
    journal.close();
    removeWithMark(till.filePath);
    expect(refusal(till.open).problem.kind).toBe('missing');
    const before = recordFileOf(folder);
    resolveJournalProblem(till.options, 'missing', 'start-new');
    writeFileSync(join(folder, JOURNAL_RECORDS_FILE), before);

    const reopened = till.open();
    expect(reopened.history({}).total).toBe(0);
    pay(reopened);
    reopened.close();
    // The open replaced the lagging record with the new journal's.
    expect(till.records.read('payments')!.journalId).not.toBe(JSON.parse(before.toString()).payments.journalId);
    const db = new DatabaseSync(till.filePath);
    expect(incidentsOf(db)).toMatchObject([{ action: 'started-new', problem: { kind: 'missing' } }]);
    db.close();
  });

  it('start-new while the record file cannot be written: it begins the new journal, which then opens at every start', () => {
    const folder = tempFolder();
    const till = tillJournal(folder);
    till.open().close();
    const old = till.records.read('payments')!;
    removeWithMark(till.filePath);
    blockRecordWrites(folder);

    resolveJournalProblem(till.options, 'missing', 'start-new');
    for (let start = 0; start < 2; start += 1) {
      const journal = till.open();
      pay(journal);
      journal.close();
    }
    // The record still names the journal set aside, and refuses nothing: the new journal superseded it.
    expect(till.records.read('payments')).toEqual(old);
    expect(till.open().history({}).total).toBe(2);
  });

  it('accept while the record file cannot be written: the kept file opens, though the record names what it replaced', () => {
    const folder = tempFolder();
    const till = tillJournal(folder);
    till.open().close();
    const stranger = journalWith(2);
    removeWithMark(till.filePath);
    copyFileSync(stranger, till.filePath);
    blockRecordWrites(folder);
    expect(refusal(till.open).problem.kind).toBe('replaced');
    resolveJournalProblem(till.options, 'replaced', 'accept');
    const kept = till.open();
    expect(kept.history({}).total).toBe(2);
    kept.close();
  });

  it("accept of an older copy, then its record from before (far ahead of it) put back: opens; a later rollback is still 'behind'", () => {
    const folder = tempFolder();
    const till = tillJournal(folder);
    const journal = till.open();
    pay(journal);
    journal.close();
    const older = join(folder, 'older');
    copyFileSync(till.filePath, older);
    const again = till.open();
    pay(again);
    pay(again);
    again.close();
    copyFileSync(older, till.filePath);
    rmSync(`${till.filePath}-wal`, { force: true });
    expect(refusal(till.open).problem.kind).toBe('behind');
    const ahead = recordFileOf(folder);
    resolveJournalProblem(till.options, 'behind', 'accept');
    writeFileSync(join(folder, JOURNAL_RECORDS_FILE), ahead);

    const kept = till.open();
    expect(kept.history({}).total).toBe(1);
    kept.close();
    // The accepted journal goes on; an older copy of it (with its own mark) put back is refused as before.
    const copies = join(folder, 'copies');
    mkdirSync(copies);
    for (const suffix of ['', '.mark']) copyFileSync(`${till.filePath}${suffix}`, join(copies, `copy${suffix}`));
    const later = till.open();
    pay(later);
    later.close();
    for (const suffix of ['', '.mark']) copyFileSync(join(copies, `copy${suffix}`), `${till.filePath}${suffix}`);
    rmSync(`${till.filePath}-wal`, { force: true });
    expect(refusal(till.open).problem).toMatchObject({ kind: 'behind' });
  });

  it('the journal start-new set aside, put back with its mark: refused as replaced (a decision supersedes only what came before it)', () => {
    const folder = tempFolder();
    const till = tillJournal(folder);
    const journal = till.open();
    pay(journal);
    journal.close();
    const older = join(folder, 'older');
    mkdirSync(older);
    for (const suffix of ['', '.mark']) copyFileSync(`${till.filePath}${suffix}`, join(older, `copy${suffix}`));
    const again = till.open();
    pay(again);
    again.close();
    // An older copy of the journal and its mark, which agree with each other: behind the record only.
    for (const suffix of ['', '.mark']) copyFileSync(join(older, `copy${suffix}`), `${till.filePath}${suffix}`);
    expect(refusal(till.open).problem.kind).toBe('behind');
    const { setAsideAs } = resolveJournalProblem(till.options, 'behind', 'start-new');
    const fresh = till.open();
    pay(fresh);
    fresh.close();

    removeWithMark(till.filePath);
    for (const suffix of ['', '.mark']) renameSync(`${setAsideAs}${suffix}`, `${till.filePath}${suffix}`);
    expect(refusal(till.open).problem).toMatchObject({ kind: 'replaced', actions: ['recheck', 'accept', 'start-new'] });
  });
});

describe('a normal restart and a SIGKILL are never taken for a lost journal', () => {
  it('a normal restart opens with every payment, and the mark follows each commit', () => {
    const filePath = journalWith(3);
    const journal = open(filePath);
    const before = readMark(markFileOf(filePath));
    pay(journal);
    const after = readMark(markFileOf(filePath));
    expect(before.kind === 'found' && after.kind === 'found' && after.mark.writes - before.mark.writes).toBe(2);
    expect(journal.history({}).total).toBe(4);
    journal.close();
    open(filePath).close();
  });

  it('a mark that lags the journal (a crash between a commit and its mark) is caught up, not refused', () => {
    const folder = tempFolder();
    const filePath = journalWith(1, folder);
    const lagging = readFileSync(markFileOf(filePath));
    const journal = open(filePath);
    pay(journal);
    journal.close();
    writeFileSync(markFileOf(filePath), lagging);
    const reopened = open(filePath);
    expect(reopened.history({}).total).toBe(2);
    reopened.close();
  });
});

describe('what an admin may do about it, recorded', () => {
  it('start-new: the refused file and its mark are set aside (kept), a new journal begins and records why', () => {
    const folder = tempFolder();
    const filePath = journalWith(2, folder);
    truncateSync(filePath, 0);
    const now = Date.parse('2026-11-25T09:45:00.000Z');
    const { setAsideAs } = resolveJournalProblem(
      { filePath, journal: 'payments', now: () => now },
      'empty',
      'start-new',
    );
    expect(setAsideAs).toBe(`${filePath}.lost-2026-11-25T09-45-00-000Z`);
    expect(existsSync(setAsideAs!)).toBe(true);
    expect(existsSync(markFileOf(setAsideAs!))).toBe(true);
    const journal = open(filePath);
    expect(journal.history({}).total).toBe(0);
    pay(journal);
    journal.close();
    const db = new DatabaseSync(filePath);
    const incidents = incidentsOf(db);
    db.close();
    expect(incidents).toMatchObject([
      { action: 'started-new', setAsideAs, problem: { kind: 'empty', journal: 'payments' } },
    ]);
  });

  it('accept: an older copy becomes the journal as it is, recorded in it; accept is not offered for a corrupt file', () => {
    const folder = tempFolder();
    const filePath = journalWith(1, folder);
    const older = join(folder, 'older.sqlite3');
    copyFileSync(filePath, older);
    const journal = open(filePath);
    pay(journal);
    journal.close();
    copyFileSync(older, filePath);
    const options = { filePath, journal: 'payments' as const, now: clock.now };
    expect(() => resolveJournalProblem(options, 'corrupt', 'accept')).toThrow(
      expect.objectContaining({ code: 'request.invalid' }),
    );
    // Made for another problem than the file has now: refused with the problem it has.
    expect(() => resolveJournalProblem(options, 'replaced', 'accept')).toThrow(JournalLostError);
    resolveJournalProblem(options, 'behind', 'accept');
    const reopened = open(filePath);
    expect(reopened.history({}).total).toBe(1);
    reopened.close();
    const db = new DatabaseSync(filePath);
    expect(incidentsOf(db)).toMatchObject([
      { action: 'accepted', problem: { kind: 'behind' satisfies JournalProblemKind } },
    ]);
    db.close();
  });
});

describe('journal files are readable by the till user only', () => {
  it('a new journal: folder 0700; database, -wal, -shm and mark 0600', () => {
    const folder = join(tempFolder(), 'data');
    const filePath = journalFileIn(folder);
    const journal = open(filePath);
    pay(journal);
    expect(modeOf(folder)).toBe(0o700);
    for (const path of [filePath, `${filePath}-wal`, `${filePath}-shm`, markFileOf(filePath)])
      expect([path, modeOf(path)]).toEqual([path, 0o600]);
    journal.close();
    const customers = openCustomerJournal({ filePath: customerJournalFileIn(folder), now: clock.now });
    customers.appendEvent({ kind: 'note', summary: 'x' });
    for (const path of readdirSync(folder).filter((name) => name.startsWith('linked-customers')))
      expect([path, modeOf(join(folder, path))]).toEqual([path, 0o600]);
    customers.close();
  });

  it('an existing journal written world-readable (0644 in a 0755 folder) is narrowed when opened', () => {
    const folder = tempFolder();
    const filePath = journalWith(1, folder);
    chmodSync(filePath, 0o644);
    chmodSync(folder, 0o755);
    const journal = open(filePath);
    pay(journal);
    expect(modeOf(folder)).toBe(0o700);
    expect(modeOf(filePath)).toBe(0o600);
    expect(modeOf(`${filePath}-wal`)).toBe(0o600);
    journal.close();
  });
});
