import { readFileSync, writeFileSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { PosError } from '../../../../shared/errors.ts';
import { createTransactions, openDatabase } from '../../sqlite/database.ts';
import { tempFolder, tempJournal } from './journal-fixture.test-helper.ts';
import { journalFileIn, openJournal } from './journal.ts';
import { indexNames } from './migrations.test-helper.ts';
import { schemaVersion } from '../../sqlite/migrations.ts';
import { LATEST_SCHEMA_VERSION, migrate, MIGRATIONS } from './migrations/index.ts';

// The runner: a new file, the oldest file, the rebuild of a table, an up-to-date file, a file it must refuse;
// and the transactions every migration runs in. Each schema's own step is tested in migrations-early-schemas
// (2–6: refunds, reasons, expiry) and migrations-register (8–12: the register connection, event notices, key ids).

describe('journal file and schema', () => {
  it('opens with WAL, synchronous=FULL, foreign keys and a busy timeout', () => {
    const db = openDatabase(journalFileIn(tempFolder()));
    try {
      expect(db.prepare('PRAGMA journal_mode').get()?.['journal_mode']).toBe('wal');
      expect(db.prepare('PRAGMA synchronous').get()?.['synchronous']).toBe(2);
      expect(db.prepare('PRAGMA foreign_keys').get()?.['foreign_keys']).toBe(1);
      expect(db.prepare('PRAGMA busy_timeout').get()?.['timeout']).toBe(5000);
    } finally {
      db.close();
    }
  });

  it('creates the latest schema on a new file, and its data folder', () => {
    const { filePath } = tempJournal();
    const db = new DatabaseSync(filePath);
    try {
      expect(schemaVersion(db)).toBe(LATEST_SCHEMA_VERSION);
      expect(LATEST_SCHEMA_VERSION).toBe(MIGRATIONS.length);
      const tables = db
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        .all()
        .map((row) => row['name']);
      expect(tables).toEqual(
        expect.arrayContaining(['payment_attempts', 'refunds', 'cancels', 'events', 'status_history']),
      );
    } finally {
      db.close();
    }
  });

  it('migrates a file written by an older version and keeps its payments', () => {
    const filePath = journalFileIn(tempFolder());
    const old = new DatabaseSync(filePath);
    migrate(old, createTransactions(old).atomically, 1);
    expect(schemaVersion(old)).toBe(1);
    old
      .prepare(
        `INSERT INTO payment_attempts (reference_id, method, amount_minor, currency, pos_id, idempotency_key, state, display_status,
           provider_status, provider_order_id, local_day, created_at, updated_at)
         VALUES ('TILL01-20261120-AAAAAAAA', 'merchant-qr', 990, 'SGD', 'POS-1', 'key-1', 'final', 'paid', 'CAPTURED', '220801-0679-YVUY',
           '2026-11-20', 1763600000000, 1763600000000)`,
      )
      .run();
    expect(indexNames(old)).not.toContain('payment_attempts_provider_order');
    old.close();

    const journal = openJournal({ filePath, timeZone: 'Asia/Singapore' });
    try {
      expect(journal.getAttempt('TILL01-20261120-AAAAAAAA')?.amountMinor).toBe(990);
      expect(journal.history({ search: '220801' }).items.map((item) => item.referenceId)).toEqual([
        'TILL01-20261120-AAAAAAAA',
      ]);
    } finally {
      journal.close();
    }
    const check = new DatabaseSync(filePath);
    try {
      expect(schemaVersion(check)).toBe(LATEST_SCHEMA_VERSION);
      expect(indexNames(check)).toEqual(
        expect.arrayContaining([
          'payment_attempts_provider_order',
          'payment_attempts_day',
          'payment_attempts_unsettled',
        ]),
      );
      // The search really goes through the expression index, not a table scan.
      const plan = check
        .prepare(
          "EXPLAIN QUERY PLAN SELECT reference_id FROM payment_attempts WHERE upper(provider_order_id) >= '2208' AND upper(provider_order_id) < '2209'",
        )
        .all()
        .map((row) => String(row['detail']))
        .join(' ');
      expect(plan).toContain('payment_attempts_provider_order');
      // "Paid today" starts from the day, not from every paid payment ever.
      const todayPaid = check
        .prepare(
          "EXPLAIN QUERY PLAN SELECT reference_id FROM payment_attempts WHERE local_day = '2026-11-20' AND display_status = 'paid' ORDER BY created_at DESC, reference_id DESC LIMIT 51",
        )
        .all()
        .map((row) => String(row['detail']))
        .join(' ');
      expect(todayPaid).toContain('payment_attempts_day_display');
      expect(todayPaid).not.toContain('TEMP B-TREE');
    } finally {
      check.close();
    }
  });

  it('rebuilds payment_attempts for looked-up payments on a schema-7 file: every row, refund, event and index kept, foreign keys back on', () => {
    const filePath = journalFileIn(tempFolder());
    const old = new DatabaseSync(filePath);
    old.exec('PRAGMA foreign_keys = ON');
    migrate(old, createTransactions(old).atomically, 7);
    const indexesBefore = indexNames(old);
    old.exec(`
      INSERT INTO payment_attempts (reference_id, method, amount_minor, currency, pos_id, idempotency_key, state, display_status,
        provider_status, consumer_code_hash, refunded_minor, provider_refunded_minor, failure_notice, expired_unpaid, local_day, created_at, updated_at, version)
      VALUES ('TILL01-20261120-CUSTOMER', 'customer-qr', 1500, 'SGD', 'POS-1', 'key-1', 'final', 'paid', 'CAPTURED',
        '${'a'.repeat(64)}', 500, 500, NULL, 0, '2026-11-20', 1763600000000, 1763600000000, 4);
      INSERT INTO payment_attempts (reference_id, method, amount_minor, currency, pos_id, idempotency_key, state, display_status, local_day, created_at, updated_at)
      VALUES ('TILL01-20261120-CHECKING', 'merchant-qr', 700, 'SGD', 'POS-1', 'key-2', 'checking', 'checking', '2026-11-20', 1763600001000, 1763600001000);
      INSERT INTO refunds (refund_id, reference_id, amount_minor, currency, idempotency_key, state, local_day, created_at, updated_at)
      VALUES ('TILL01-20261120-CUSTOMER-R1', 'TILL01-20261120-CUSTOMER', 500, 'SGD', 'rk-1', 'succeeded', '2026-11-20', 1763600002000, 1763600002000);
      INSERT INTO events (reference_id, at, kind, summary) VALUES ('TILL01-20261120-CUSTOMER', 1763600000000, 'note', 'kept');
      INSERT INTO status_history (reference_id, at, display_status, provider_status) VALUES ('TILL01-20261120-CUSTOMER', 1763600000000, 'paid', 'CAPTURED');
    `);
    old.close();

    const journal = openJournal({ filePath, timeZone: 'UTC' });
    try {
      expect(journal.getAttempt('TILL01-20261120-CUSTOMER')).toMatchObject({
        origin: 'taken-here',
        method: 'customer-qr',
        posId: 'POS-1',
        refundedMinor: 500,
        providerRefundedMinor: 500,
        version: 4,
      });
      expect(journal.listNonFinal().map((row) => [row.referenceId, row.origin])).toEqual([
        ['TILL01-20261120-CHECKING', 'taken-here'],
      ]);
      expect(journal.refundsOf('TILL01-20261120-CUSTOMER')).toMatchObject([
        { amountMinor: 500, state: 'succeeded', posId: null },
      ]);
      expect(journal.eventsOf('TILL01-20261120-CUSTOMER').map((e) => e.summary)).toEqual(['kept']);
      // A looked-up payment now fits, and is not this till's takings.
      journal.recordLookedUpPayment({
        referenceId: 'TILL02-20261120-ELSEWHER',
        amount: { amountMinor: 900, currency: 'SGD' },
        providerStatus: 'CAPTURED',
        providerOrderId: '261120-0001-ABCD',
        paymentType: 'PAY',
        failureReason: null,
        providerRefundedMinor: 0,
        createdAt: 1763600003000,
        updatedAt: 1763600003000,
      });
      expect(journal.daySummary('2026-11-20', 'SGD')).toMatchObject({
        paid: { count: 1, total: { amountMinor: 1500 } },
        refunds: { count: 1 },
      });
      // The connection that ran the migration has its foreign keys on again: an event needs its payment.
      expect(() => journal.appendEvent('TILL09-20261120-NOBODY00', { kind: 'note', summary: 'orphan' })).toThrow(
        /No payment with this reference/,
      );
    } finally {
      journal.close();
    }
    const check = new DatabaseSync(filePath);
    try {
      expect(schemaVersion(check)).toBe(LATEST_SCHEMA_VERSION);
      expect(indexNames(check)).toEqual(
        [
          ...indexesBefore,
          'payment_attempts_looked_up',
          'payment_attempts_register',
          'register_requests_age',
          'register_sales_one_waiting',
          // Schema 14: shifts.
          'payment_attempts_shift',
          'refunds_shift',
          'cancels_shift',
          'shifts_by_day',
          'shifts_one_open',
          // Schema 15: payments found without their receipt.
          'payment_attempts_amount',
          'payment_attempts_taken_by',
          // Schema 17: the audit chain.
          'audit_chain_by_subject',
          // Schema 18: the head office outbox.
          'head_office_outbox_source',
          'head_office_outbox_waiting',
          // Schema 19: payments paid after their shift's close, and the Z that counted them.
          'payment_attempts_paid_after_close',
          // Schema 20: the cash drawer opened without a sale.
          'drawer_openings_shift',
          // Schema 23: the charge ids the screens choose, unique.
          'payment_attempts_charge_id',
        ].sort(),
      );
      expect(check.prepare('PRAGMA foreign_key_check').all()).toEqual([]);
      // Ours must say how and where they were taken; a looked-up one is settled and carries no customer code.
      expect(() =>
        check.exec("UPDATE payment_attempts SET method = NULL WHERE reference_id = 'TILL01-20261120-CUSTOMER'"),
      ).toThrow(/CHECK/);
      expect(() =>
        check.exec("UPDATE payment_attempts SET pos_id = NULL WHERE reference_id = 'TILL01-20261120-CHECKING'"),
      ).toThrow(/CHECK/);
      expect(() =>
        check.exec("UPDATE payment_attempts SET state = 'active' WHERE reference_id = 'TILL02-20261120-ELSEWHER'"),
      ).toThrow(/CHECK/);
      expect(() =>
        check.exec("UPDATE payment_attempts SET origin = 'elsewhere' WHERE reference_id = 'TILL02-20261120-ELSEWHER'"),
      ).toThrow(/CHECK/);
      // The append-only guards still hold.
      expect(() => check.exec('DELETE FROM events')).toThrow(/append-only/);
    } finally {
      check.close();
    }
  });

  it('reopens an up-to-date file without running anything again', () => {
    const { journal, filePath, reopen } = tempJournal();
    const row = journal.recordAttempt({
      referenceId: journal.newReferenceId('TILL01'),
      method: 'merchant-qr',
      amount: { amountMinor: 5, currency: 'SGD' },
      posId: 'P',
    });
    journal.close();
    const again = reopen();
    again.close();
    const third = reopen();
    expect(third.getAttempt(row.referenceId)?.amountMinor).toBe(5);
    const db = new DatabaseSync(filePath);
    expect(schemaVersion(db)).toBe(LATEST_SCHEMA_VERSION);
    db.close();
  });

  it('refuses a file from a newer version of the app instead of guessing', () => {
    const filePath = journalFileIn(tempFolder());
    const db = new DatabaseSync(filePath);
    db.exec(`PRAGMA user_version = ${LATEST_SCHEMA_VERSION + 1}`);
    db.close();
    let error: unknown;
    try {
      openJournal({ filePath, timeZone: 'UTC' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(PosError);
    expect((error as PosError).code).toBe('journal.unavailable');
    expect((error as PosError).message).toMatch(/newer version/);
  });

  it('refuses a file that is not a database as a corrupt journal (journal-file.ts), without overwriting it', () => {
    const filePath = journalFileIn(tempFolder());
    const text = 'These are not the pages of a SQLite database, just text in the way.'.repeat(100);
    writeFileSync(filePath, text);
    expect(() => openJournal({ filePath, timeZone: 'UTC' })).toThrow(
      expect.objectContaining({ name: 'JournalLostError', problem: expect.objectContaining({ kind: 'corrupt' }) }),
    );
    expect(readFileSync(filePath, 'utf8')).toBe(text);
  });

  it('refuses to rewrite or delete events and status history', () => {
    const { journal, filePath } = tempJournal();
    const row = journal.recordAttempt({
      referenceId: journal.newReferenceId('TILL01'),
      method: 'merchant-qr',
      amount: { amountMinor: 5, currency: 'SGD' },
      posId: 'P',
    });
    journal.appendEvent(row.referenceId, { kind: 'note', summary: 'hello' });
    const db = new DatabaseSync(filePath);
    try {
      expect(() => db.exec("UPDATE events SET summary = 'changed'")).toThrow(/append-only/);
      expect(() => db.exec('DELETE FROM events')).toThrow(/append-only/);
      expect(() => db.exec("UPDATE status_history SET display_status = 'paid'")).toThrow(/append-only/);
      expect(() => db.exec('DELETE FROM status_history')).toThrow(/append-only/);
    } finally {
      db.close();
    }
    expect(journal.eventsOf(row.referenceId).map((event) => event.summary)).toEqual(['hello']);
  });
});

describe('transactions', () => {
  function scratch() {
    const db = new DatabaseSync(journalFileIn(tempFolder()));
    db.exec('CREATE TABLE t (v INTEGER)');
    return {
      db,
      ...createTransactions(db),
      count: () => Number(db.prepare('SELECT COUNT(*) AS n FROM t').get()?.['n']),
    };
  }

  it('commits all writes together or none', () => {
    const { db, atomically, count } = scratch();
    atomically(() => {
      db.exec('INSERT INTO t VALUES (1)');
      db.exec('INSERT INTO t VALUES (2)');
    });
    expect(count()).toBe(2);
    expect(() =>
      atomically(() => {
        db.exec('INSERT INTO t VALUES (3)');
        throw new Error('boom');
      }),
    ).toThrow('boom');
    expect(count()).toBe(2);
    db.close();
  });

  it('rolls back only the inner part when a nested block fails and the outer one catches it', () => {
    const { db, atomically, count } = scratch();
    atomically(() => {
      db.exec('INSERT INTO t VALUES (1)');
      try {
        atomically(() => {
          db.exec('INSERT INTO t VALUES (2)');
          throw new Error('inner');
        });
      } catch {
        // expected
      }
      db.exec('INSERT INTO t VALUES (3)');
    });
    expect(
      db
        .prepare('SELECT v FROM t ORDER BY v')
        .all()
        .map((row) => row['v']),
    ).toEqual([1, 3]);
    expect(count()).toBe(2);
    db.close();
  });

  it('refuses asynchronous work, whose writes could not be atomic', () => {
    const { db, atomically, count } = scratch();
    expect(() =>
      atomically(() => {
        db.exec('INSERT INTO t VALUES (1)');
        return Promise.resolve();
      }),
    ).toThrow(/await/);
    expect(count()).toBe(0);
    db.close();
  });
});
