import { readFileSync, writeFileSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { PosError } from '../../../shared/errors.ts';
import { notice, noticeInEnglish } from '../../../shared/notices.ts';
import { createTransactions, openDatabase } from './database.ts';
import { tempFolder, tempJournal } from './journal-fixture.test-helper.ts';
import { journalFileIn, openJournal } from './journal.ts';
import { LATEST_SCHEMA_VERSION, migrate, MIGRATIONS, schemaVersion } from './migrations.ts';

function indexNames(db: DatabaseSync): string[] {
  return db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    .all()
    .map((row) => String(row['name']));
}

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

  it('adds the refund baseline column to a schema-2 file: its refunds read with no baseline, new ones record it', () => {
    const filePath = journalFileIn(tempFolder());
    const old = new DatabaseSync(filePath);
    migrate(old, createTransactions(old).atomically, 2);
    expect(schemaVersion(old)).toBe(2);
    const columnsOf = (db: DatabaseSync) =>
      db
        .prepare('PRAGMA table_info(refunds)')
        .all()
        .map((row) => String(row['name']));
    expect(columnsOf(old)).not.toContain('provider_refunded_before_minor');
    insertPaidWithCheckingRefund(old, 'TILL01-20261120-BBBBBBBB');
    old.close();

    const journal = openJournal({ filePath, timeZone: 'UTC' });
    try {
      // Recorded before the baseline existed: reconciled the old way (decideRefund falls back on our total).
      expect(journal.getRefund('TILL01-20261120-BBBBBBBB-R1')).toMatchObject({
        state: 'checking',
        amountMinor: 300,
        providerRefundedBeforeMinor: null,
      });
      expect(journal.unsettledRefunds().map((r) => r.refundId)).toEqual(['TILL01-20261120-BBBBBBBB-R1']);
      // A resend records one.
      expect(
        journal.updateRefund('TILL01-20261120-BBBBBBBB-R1', { state: 'sending', providerRefundedBeforeMinor: 0 })
          .providerRefundedBeforeMinor,
      ).toBe(0);
      journal.updateRefund('TILL01-20261120-BBBBBBBB-R1', { state: 'succeeded' });
      const next = journal.recordRefund('TILL01-20261120-BBBBBBBB', {
        amountMinor: 200,
        providerRefundedBeforeMinor: 300,
      });
      expect(journal.getRefund(next.refundId)?.providerRefundedBeforeMinor).toBe(300);
    } finally {
      journal.close();
    }
    const check = new DatabaseSync(filePath);
    try {
      expect(schemaVersion(check)).toBe(LATEST_SCHEMA_VERSION);
      expect(columnsOf(check)).toContain('provider_refunded_before_minor');
      expect(() =>
        check.exec(
          "UPDATE refunds SET provider_refunded_before_minor = -1 WHERE refund_id = 'TILL01-20261120-BBBBBBBB-R1'",
        ),
      ).toThrow(/CHECK/);
    } finally {
      check.close();
    }
  });

  it('adds the checking reason to refunds and cancels of a schema-3 file: old rows read null, new reasons are kept', () => {
    const filePath = journalFileIn(tempFolder());
    const old = new DatabaseSync(filePath);
    migrate(old, createTransactions(old).atomically, 3);
    insertPaidWithCheckingRefund(old, 'TILL01-20261120-CCCCCCCC');
    old.exec(`
      INSERT INTO cancels (cancel_id, reference_id, idempotency_key, state, created_at, updated_at)
      VALUES ('TILL01-20261120-CCCCCCCC-C1', 'TILL01-20261120-CCCCCCCC', 'ck-1', 'checking', 1763600001000, 1763600001000);
    `);
    old.close();

    const journal = openJournal({ filePath, timeZone: 'UTC' });
    try {
      expect(journal.getRefund('TILL01-20261120-CCCCCCCC-R1')).toMatchObject({
        state: 'checking',
        checkingReason: null,
      });
      expect(journal.getCancel('TILL01-20261120-CCCCCCCC-C1')).toMatchObject({
        state: 'checking',
        checkingReason: null,
      });
      const unreachable = notice('payments.error', { error: { code: 'network.unreachable' } });
      journal.updateRefund('TILL01-20261120-CCCCCCCC-R1', { checkingReason: unreachable });
      journal.updateCancel('TILL01-20261120-CCCCCCCC-C1', { checkingReason: notice('cancel.not-found-yet') });
      expect(journal.getRefund('TILL01-20261120-CCCCCCCC-R1')?.checkingReason).toEqual(unreachable);
      expect(journal.getCancel('TILL01-20261120-CCCCCCCC-C1')?.checkingReason).toEqual(notice('cancel.not-found-yet'));
    } finally {
      journal.close();
    }
  });

  it('keeps the English reasons a schema-6 file holds: they show as written, and new reasons are kept as notices too', () => {
    const filePath = journalFileIn(tempFolder());
    const old = new DatabaseSync(filePath);
    migrate(old, createTransactions(old).atomically, 6);
    insertPaidWithCheckingRefund(old, 'TILL01-20261120-DDDDDDDD');
    old.exec(`
      UPDATE refunds SET checking_reason = 'The provider does not show this refund yet.' WHERE refund_id = 'TILL01-20261120-DDDDDDDD-R1';
      INSERT INTO cancels (cancel_id, reference_id, idempotency_key, state, checking_reason, created_at, updated_at)
      VALUES ('TILL01-20261120-DDDDDDDD-C1', 'TILL01-20261120-DDDDDDDD', 'ck-1', 'checking', 'Old cancel reason.', 1763600001000, 1763600001000);
      INSERT INTO payment_attempts (reference_id, method, amount_minor, currency, pos_id, idempotency_key, state, display_status,
        unresolved_reason, failure_reason, local_day, created_at, updated_at)
      VALUES ('TILL01-20261120-EEEEEEEE', 'merchant-qr', 700, 'SGD', 'POS-1', 'key-2', 'checking', 'checking',
        'Checking with the provider: the connection was dropped.', 'Declined by the wallet.', '2026-11-20', 1763600000000, 1763600000000);
    `);
    old.close();

    const journal = openJournal({ filePath, timeZone: 'UTC' });
    try {
      const recorded = (text: string) => notice('payments.reason-recorded', { text });
      expect(journal.getRefund('TILL01-20261120-DDDDDDDD-R1')?.checkingReason).toEqual(
        recorded('The provider does not show this refund yet.'),
      );
      expect(journal.getCancel('TILL01-20261120-DDDDDDDD-C1')?.checkingReason).toEqual(recorded('Old cancel reason.'));
      const attempt = journal.getAttempt('TILL01-20261120-EEEEEEEE')!;
      expect(attempt.unresolvedReason).toEqual(recorded('Checking with the provider: the connection was dropped.'));
      expect(noticeInEnglish(attempt.unresolvedReason!)).toBe(
        'Checking with the provider: the connection was dropped.',
      );
      // An old failure reason may be the provider's code: it stays the failure reason, with no notice.
      expect(attempt).toMatchObject({ failureReason: 'Declined by the wallet.', failureNotice: null });

      const reason = notice('unresolved.resending', { count: 1, max: 2 });
      journal.updateAttempt('TILL01-20261120-EEEEEEEE', { unresolvedReason: reason });
      expect(journal.getAttempt('TILL01-20261120-EEEEEEEE')?.unresolvedReason).toEqual(reason);
    } finally {
      journal.close();
    }
    // The English stays beside the notice, for a person reading the file.
    const check = new DatabaseSync(filePath);
    try {
      expect(
        check
          .prepare("SELECT unresolved_reason FROM payment_attempts WHERE reference_id = 'TILL01-20261120-EEEEEEEE'")
          .get(),
      ).toEqual({
        unresolved_reason: 'The provider has no record of this payment; sending it again (1 of 2).',
      });
    } finally {
      check.close();
    }
  });

  it('marks the orders a schema-4 file holds as cancelled by the till at expiry: shown and summed as expired', () => {
    const filePath = journalFileIn(tempFolder());
    const old = new DatabaseSync(filePath);
    migrate(old, createTransactions(old).atomically, 4);
    const insert = old.prepare(
      `INSERT INTO payment_attempts (reference_id, method, amount_minor, currency, pos_id, idempotency_key, state, display_status,
         provider_status, local_day, created_at, updated_at)
       VALUES (?, 'merchant-qr', 500, 'SGD', 'POS-1', ?, 'final', 'cancelled', 'CANCELLED', '2026-11-20', 1763600000000, 1763600000000)`,
    );
    const cancel = old.prepare(
      `INSERT INTO cancels (cancel_id, reference_id, idempotency_key, reason, state, outcome, created_at, updated_at)
       VALUES (?, ?, ?, ?, 'done', 'cancelled', 1763600001000, 1763600001000)`,
    );
    insert.run('TILL01-20261120-EXPIRED1', 'key-1');
    cancel.run('TILL01-20261120-EXPIRED1-C1', 'TILL01-20261120-EXPIRED1', 'ck-1', 'Not paid before the QR expired');
    insert.run('TILL01-20261120-CASHIER1', 'key-2');
    cancel.run('TILL01-20261120-CASHIER1-C1', 'TILL01-20261120-CASHIER1', 'ck-2', 'customer left');
    old.close();

    const journal = openJournal({ filePath, timeZone: 'UTC' });
    try {
      expect(journal.viewOf('TILL01-20261120-EXPIRED1')).toMatchObject({
        displayStatus: 'expired',
        providerStatus: 'CANCELLED',
      });
      expect(journal.viewOf('TILL01-20261120-CASHIER1')).toMatchObject({
        displayStatus: 'cancelled',
        providerStatus: 'CANCELLED',
      });
      expect(journal.daySummary('2026-11-20', 'SGD').byStatus).toMatchObject({
        expired: { count: 1 },
        cancelled: { count: 1 },
      });
    } finally {
      journal.close();
    }
  });

  it("adds the provider's refund total to a schema-5 file: a REFUNDED payment is refunded in full, the rest unknown until looked up", () => {
    const filePath = journalFileIn(tempFolder());
    const old = new DatabaseSync(filePath);
    migrate(old, createTransactions(old).atomically, 5);
    const columnsOf = (db: DatabaseSync) =>
      db
        .prepare('PRAGMA table_info(payment_attempts)')
        .all()
        .map((row) => String(row['name']));
    expect(columnsOf(old)).not.toContain('provider_refunded_minor');
    const insert = old.prepare(
      `INSERT INTO payment_attempts (reference_id, method, amount_minor, currency, pos_id, idempotency_key, state, display_status,
         provider_status, refunded_minor, local_day, created_at, updated_at)
       VALUES (?, 'merchant-qr', 1000, 'SGD', 'POS-1', ?, 'final', ?, ?, ?, '2026-11-20', 1763600000000, 1763600000000)`,
    );
    // Refunded in full at the merchant portal: the old journal shows it refunded with nothing refunded.
    insert.run('TILL01-20261120-PORTAL01', 'key-1', 'refunded', 'REFUNDED', 0);
    // Refunded in full here.
    insert.run('TILL01-20261120-OURSFULL', 'key-2', 'refunded', 'REFUNDED', 1000);
    // Partly refunded here: what the provider holds is not known before the next lookup.
    insert.run('TILL01-20261120-PARTLY01', 'key-3', 'paid', 'CAPTURED', 300);
    old
      .prepare(
        `INSERT INTO refunds (refund_id, reference_id, amount_minor, currency, idempotency_key, state, local_day, created_at, updated_at)
       VALUES (?, ?, ?, 'SGD', ?, 'succeeded', '2026-11-20', 1763600001000, 1763600001000)`,
      )
      .run('TILL01-20261120-OURSFULL-R1', 'TILL01-20261120-OURSFULL', 1000, 'rk-1');
    old
      .prepare(
        `INSERT INTO refunds (refund_id, reference_id, amount_minor, currency, idempotency_key, state, local_day, created_at, updated_at)
       VALUES (?, ?, ?, 'SGD', ?, 'succeeded', '2026-11-20', 1763600001000, 1763600001000)`,
      )
      .run('TILL01-20261120-PARTLY01-R1', 'TILL01-20261120-PARTLY01', 300, 'rk-2');
    old.close();

    const journal = openJournal({ filePath, timeZone: 'UTC' });
    try {
      expect(journal.getAttempt('TILL01-20261120-PORTAL01')?.providerRefundedMinor).toBe(1000);
      expect(journal.viewOf('TILL01-20261120-PORTAL01')).toMatchObject({
        refunded: { amountMinor: 1000 },
        refundedElsewhere: { amountMinor: 1000 },
        refundable: { amountMinor: 0 },
      });
      expect(journal.viewOf('TILL01-20261120-OURSFULL')).toMatchObject({
        refunded: { amountMinor: 1000 },
        refundedElsewhere: { amountMinor: 0 },
      });
      expect(journal.getAttempt('TILL01-20261120-PARTLY01')?.providerRefundedMinor).toBeNull();
      expect(journal.viewOf('TILL01-20261120-PARTLY01')).toMatchObject({
        refunded: { amountMinor: 300 },
        refundedElsewhere: { amountMinor: 0 },
        refundable: { amountMinor: 700 },
      });
      // The portal's refund shows as refunded elsewhere; this terminal's net is its takings minus its own refunds.
      expect(journal.daySummary('2026-11-20', 'SGD')).toMatchObject({
        paid: { count: 3, total: { amountMinor: 3000 } },
        refundedElsewhere: { count: 1, total: { amountMinor: 1000 } },
        refunds: { count: 2, total: { amountMinor: 1300 } },
        net: { amountMinor: 1700 },
      });
    } finally {
      journal.close();
    }
    const check = new DatabaseSync(filePath);
    try {
      expect(schemaVersion(check)).toBe(LATEST_SCHEMA_VERSION);
      expect(columnsOf(check)).toContain('provider_refunded_minor');
      expect(() =>
        check.exec(
          "UPDATE payment_attempts SET provider_refunded_minor = 1001 WHERE reference_id = 'TILL01-20261120-PARTLY01'",
        ),
      ).toThrow(/CHECK/);
      expect(() =>
        check.exec(
          "UPDATE payment_attempts SET provider_refunded_minor = -1 WHERE reference_id = 'TILL01-20261120-PARTLY01'",
        ),
      ).toThrow(/CHECK/);
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

  it('adds the register connection to a schema-8 file: old payments are the cashier’s, a register’s request commits with its payment', () => {
    const filePath = journalFileIn(tempFolder());
    const old = new DatabaseSync(filePath);
    old.exec('PRAGMA foreign_keys = ON');
    migrate(old, createTransactions(old).atomically, 8);
    old.exec(`
      INSERT INTO payment_attempts (reference_id, method, amount_minor, currency, pos_id, idempotency_key, state, display_status,
        provider_status, local_day, created_at, updated_at)
      VALUES ('TILL01-20261120-CASHIER1', 'merchant-qr', 1500, 'SGD', 'POS-1', 'key-1', 'final', 'paid', 'CAPTURED',
        '2026-11-20', 1763600000000, 1763600000000);
    `);
    old.close();

    const journal = openJournal({ filePath, timeZone: 'UTC' });
    try {
      expect(journal.getAttempt('TILL01-20261120-CASHIER1')).toMatchObject({ registerKey: null, orderReference: null });
      expect(journal.viewOf('TILL01-20261120-CASHIER1')?.fromRegister).toBeNull();
      const request = {
        keyId: 'key_front',
        idempotencyKey: 'k-1',
        requestHash: 'a'.repeat(64),
        operation: 'create' as const,
      };
      const referenceId = journal.newReferenceId('TILL01');
      journal.atomically(() => {
        journal.recordAttempt({
          referenceId,
          method: 'merchant-qr',
          amount: { amountMinor: 700, currency: 'SGD' },
          posId: 'POS-1',
          register: { keyId: 'key_front', keyName: 'Front', orderReference: 'ORDER-77' },
        });
        journal.register.recordRequest(request, { referenceId });
      });
      expect(journal.viewOf(referenceId)?.fromRegister).toEqual({
        keyId: 'key_front',
        keyName: 'Front',
        orderReference: 'ORDER-77',
      });
      expect(journal.register.requestOf('key_front', 'k-1')).toMatchObject({
        referenceId,
        operation: 'create',
        refundId: null,
      });
      expect(journal.register.openAttempts().map((row) => row.referenceId)).toEqual([referenceId]);
      // The same key again, with a second payment: refused, and the second payment is not kept either.
      const second = journal.newReferenceId('TILL01');
      expect(() =>
        journal.atomically(() => {
          journal.recordAttempt({
            referenceId: second,
            method: 'merchant-qr',
            amount: { amountMinor: 700, currency: 'SGD' },
            posId: 'POS-1',
            register: { keyId: 'key_front', keyName: 'Front', orderReference: null },
          });
          journal.register.recordRequest(request, { referenceId: second });
        }),
      ).toThrow(PosError);
      expect(journal.getAttempt(second)).toBeNull();
      // A customer-QR sale waits for its scan; only one at a time.
      const sale = journal.newReferenceId('TILL01');
      journal.register.recordSale({
        referenceId: sale,
        keyId: 'key_front',
        keyName: 'Front',
        orderReference: null,
        amount: { amountMinor: 300, currency: 'SGD' },
        note: null,
        lifetimeMs: 300_000,
      });
      expect(journal.register.waitingSale()?.referenceId).toBe(sale);
      expect(() =>
        journal.register.recordSale({
          referenceId: journal.newReferenceId('TILL01'),
          keyId: 'key_back',
          keyName: 'Back',
          orderReference: null,
          amount: { amountMinor: 301, currency: 'SGD' },
          note: null,
          lifetimeMs: 300_000,
        }),
      ).toThrow(expect.objectContaining({ code: 'ecr.busy' }));
      expect(journal.register.closeSale(sale, 'cancelled').state).toBe('cancelled');
      expect(() => journal.register.closeSale(sale, 'scanned')).toThrow(
        expect.objectContaining({ code: 'ecr.sale-cancelled' }),
      );
    } finally {
      journal.close();
    }
    const check = new DatabaseSync(filePath);
    try {
      expect(schemaVersion(check)).toBe(LATEST_SCHEMA_VERSION);
      // The provider takes an order reference only as 5–36 letters, digits or hyphens: the journal holds no other.
      expect(() =>
        check.exec(
          "UPDATE payment_attempts SET order_reference = 'no spaces' WHERE reference_id = 'TILL01-20261120-CASHIER1'",
        ),
      ).toThrow(/CHECK/);
      // A refund request names its refund; the others do not.
      expect(() =>
        check.exec(
          `INSERT INTO register_requests (key_id, idempotency_key, request_hash, operation, reference_id, created_at)
           VALUES ('Front', 'k-2', '${'b'.repeat(64)}', 'refund', 'TILL01-20261120-CASHIER1', 1)`,
        ),
      ).toThrow(/CHECK/);
    } finally {
      check.close();
    }
  });

  it("adds each refund's posId column (10), also to a development schema-8 file that already had it, keeping its values", () => {
    for (const hadColumn of [false, true]) {
      const filePath = journalFileIn(tempFolder());
      const old = new DatabaseSync(filePath);
      old.exec('PRAGMA foreign_keys = ON');
      migrate(old, createTransactions(old).atomically, 9);
      if (hadColumn) old.exec('ALTER TABLE refunds ADD COLUMN pos_id TEXT');
      old.exec(`
        INSERT INTO payment_attempts (reference_id, method, amount_minor, currency, pos_id, idempotency_key, state, display_status,
          provider_status, local_day, created_at, updated_at)
        VALUES ('TILL01-20261120-REFUNDED', 'merchant-qr', 1500, 'SGD', 'POS-1', 'key-1', 'final', 'paid', 'CAPTURED',
          '2026-11-20', 1763600000000, 1763600000000);
        INSERT INTO refunds (refund_id, reference_id, amount_minor, currency, idempotency_key, state, local_day, created_at, updated_at)
        VALUES ('R-1', 'TILL01-20261120-REFUNDED', 500, 'SGD', 'rkey-1', 'succeeded', '2026-11-20', 1763600000000, 1763600000000);
      `);
      if (hadColumn) old.exec("UPDATE refunds SET pos_id = 'POS-COUNTER' WHERE refund_id = 'R-1'");
      old.close();

      const journal = openJournal({ filePath, timeZone: 'UTC' });
      journal.close();
      const check = new DatabaseSync(filePath);
      try {
        expect(schemaVersion(check)).toBe(LATEST_SCHEMA_VERSION);
        expect(check.prepare("SELECT pos_id FROM refunds WHERE refund_id = 'R-1'").get()?.['pos_id']).toBe(
          hadColumn ? 'POS-COUNTER' : null,
        );
      } finally {
        check.close();
      }
    }
  });

  it('gives the register’s waiting sales of a schema-10 file an expiry (a QR’s lifetime from their creation), and lets them expire', () => {
    const filePath = journalFileIn(tempFolder());
    const old = new DatabaseSync(filePath);
    migrate(old, createTransactions(old).atomically, 10);
    old.exec(`
      INSERT INTO register_sales (reference_id, register_key, amount_minor, currency, order_reference, note, state, created_at, updated_at)
      VALUES ('TILL01-20261120-WAITING1', 'Front', 880, 'SGD', 'POS-ORDER-43', NULL, 'waiting', 1763600000000, 1763600000000),
             ('TILL01-20261120-CALLDOFF', 'Front', 710, 'SGD', NULL, 'table 7', 'cancelled', 1763600001000, 1763600002000);
    `);
    old.close();

    const journal = openJournal({ filePath, timeZone: 'UTC' });
    try {
      expect(journal.register.waitingSale()).toMatchObject({
        referenceId: 'TILL01-20261120-WAITING1',
        orderReference: 'POS-ORDER-43',
        expiresAt: 1763600000000 + 300_000,
      });
      expect(journal.register.saleOf('TILL01-20261120-CALLDOFF')).toMatchObject({
        state: 'cancelled',
        note: 'table 7',
      });
      expect(journal.register.closeSale('TILL01-20261120-WAITING1', 'expired').state).toBe('expired');
      // The till is free: another sale may wait for its scan, and the expired one cannot be scanned any more.
      expect(journal.register.waitingSale()).toBeNull();
      expect(() => journal.register.closeSale('TILL01-20261120-WAITING1', 'scanned')).toThrow(
        expect.objectContaining({ code: 'ecr.sale-expired' }),
      );
    } finally {
      journal.close();
    }
    const check = new DatabaseSync(filePath);
    try {
      expect(schemaVersion(check)).toBe(LATEST_SCHEMA_VERSION);
      expect(indexNames(check)).toContain('register_sales_one_waiting');
      expect(() =>
        check.exec("UPDATE register_sales SET state = 'lost' WHERE reference_id = 'TILL01-20261120-CALLDOFF'"),
      ).toThrow(/CHECK/);
    } finally {
      check.close();
    }
  });

  it('adds the notice of each event to a schema-11 file: old events keep their English alone, new ones have both', () => {
    const filePath = journalFileIn(tempFolder());
    const old = new DatabaseSync(filePath);
    migrate(old, createTransactions(old).atomically, 11);
    insertPaidWithCheckingRefund(old, 'TILL01-20261120-FFFFFFFF');
    old.exec(`
      INSERT INTO events (reference_id, at, kind, summary, data)
      VALUES ('TILL01-20261120-FFFFFFFF', 1763600000500, 'request', 'create sent', '{"amountMinor":1000}');
    `);
    old.close();

    const journal = openJournal({ filePath, timeZone: 'UTC' });
    const refundSent = notice('event.refund-sent', { refundId: 'TILL01-20261120-FFFFFFFF-R1' });
    try {
      journal.appendEvent('TILL01-20261120-FFFFFFFF', { kind: 'request', notice: refundSent });
      journal.appendEvent('TILL01-20261120-FFFFFFFF', { kind: 'note', summary: 'English only' });
      expect(journal.eventsOf('TILL01-20261120-FFFFFFFF')).toMatchObject([
        { kind: 'request', summary: 'create sent', notice: null, data: '{"amountMinor":1000}' },
        { kind: 'request', summary: noticeInEnglish(refundSent), notice: refundSent },
        { kind: 'note', summary: 'English only', notice: null },
      ]);
    } finally {
      journal.close();
    }
    const check = new DatabaseSync(filePath);
    try {
      expect(schemaVersion(check)).toBe(LATEST_SCHEMA_VERSION);
      // The English stays beside the notice, for a person reading the file; the notice is JSON.
      expect(check.prepare('SELECT summary, notice FROM events ORDER BY id').all()).toEqual([
        { summary: 'create sent', notice: null },
        { summary: noticeInEnglish(refundSent), notice: JSON.stringify(refundSent) },
        { summary: 'English only', notice: null },
      ]);
      expect(() => check.exec(`UPDATE events SET notice = '{"key":"event.refund-sent"}'`)).toThrow(/append-only/);
      expect(() =>
        check.exec(`INSERT INTO events (reference_id, at, kind, summary, notice)
          VALUES ('TILL01-20261120-FFFFFFFF', 1, 'note', 'x', 'not json')`),
      ).toThrow(/CHECK/);
    } finally {
      check.close();
    }
  });

  it('gives a schema-12 file’s register rows their key’s id (legacy: + its name) and prunes requests past their retention', () => {
    const filePath = journalFileIn(tempFolder());
    const old = new DatabaseSync(filePath);
    migrate(old, createTransactions(old).atomically, 12);
    const at = Date.now();
    old.exec(`
      INSERT INTO payment_attempts (reference_id, method, amount_minor, currency, pos_id, idempotency_key, state, display_status,
        provider_status, local_day, created_at, updated_at, register_key, order_reference)
      VALUES ('TILL01-20261120-REGISTER', 'merchant-qr', 1500, 'SGD', 'POS-1', 'k-a', 'final', 'paid', 'CAPTURED',
        '2026-11-20', ${at}, ${at}, 'POS A', 'ORDER-77'),
             ('TILL01-20261120-CASHIER1', 'merchant-qr', 900, 'SGD', 'POS-1', 'k-b', 'final', 'paid', 'CAPTURED',
        '2026-11-20', ${at}, ${at}, NULL, NULL);
      INSERT INTO register_sales (reference_id, register_key, amount_minor, currency, order_reference, note, state, expires_at, created_at, updated_at)
      VALUES ('TILL01-20261120-CALLDOFF', 'POS A', 710, 'SGD', NULL, NULL, 'cancelled', ${at + 300_000}, ${at}, ${at});
      INSERT INTO register_requests (register_key, idempotency_key, request_hash, operation, reference_id, created_at)
      VALUES ('POS A', 'sale-0001', '${'a'.repeat(64)}', 'create', 'TILL01-20261120-REGISTER', ${at}),
             ('POS A', 'sale-0000', '${'b'.repeat(64)}', 'create', 'TILL01-20261120-CALLDOFF', ${at - 31 * 86_400_000});
    `);
    old.close();

    const journal = openJournal({ filePath, timeZone: 'UTC' });
    try {
      expect(journal.viewOf('TILL01-20261120-REGISTER')?.fromRegister).toEqual({
        keyId: 'legacy:POS A',
        keyName: 'POS A',
        orderReference: 'ORDER-77',
      });
      expect(journal.getAttempt('TILL01-20261120-CASHIER1')).toMatchObject({ registerKey: null, registerKeyId: null });
      expect(journal.register.saleOf('TILL01-20261120-CALLDOFF')).toMatchObject({ keyId: 'legacy:POS A' });
      expect(journal.register.requestOf('legacy:POS A', 'sale-0001')).toMatchObject({
        referenceId: 'TILL01-20261120-REGISTER',
      });
      // By its name, nothing: the name is no longer whose it is.
      expect(journal.register.requestOf('POS A', 'sale-0001')).toBeNull();
      expect(journal.register.requestOf('legacy:POS A', 'sale-0000')).not.toBeNull();
      // The next request recorded prunes those past their retention (31 days > 30), and only those.
      journal.register.recordRequest(
        { keyId: 'key_new', idempotencyKey: 'cancel-1', requestHash: 'c'.repeat(64), operation: 'cancel' },
        { referenceId: 'TILL01-20261120-REGISTER' },
      );
      expect(journal.register.requestOf('legacy:POS A', 'sale-0000')).toBeNull();
      expect(journal.register.requestOf('legacy:POS A', 'sale-0001')).not.toBeNull();
    } finally {
      journal.close();
    }
    const check = new DatabaseSync(filePath);
    try {
      expect(schemaVersion(check)).toBe(LATEST_SCHEMA_VERSION);
      expect(indexNames(check)).toContain('register_requests_age');
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

/** A paid payment (1000) with a refund of 300 being checked, as an older schema stores them (raw SQL). */
function insertPaidWithCheckingRefund(db: DatabaseSync, referenceId: string): void {
  db.prepare(
    `INSERT INTO payment_attempts (reference_id, method, amount_minor, currency, pos_id, idempotency_key, state, display_status,
       provider_status, local_day, created_at, updated_at)
     VALUES (?, 'merchant-qr', 1000, 'SGD', 'POS-1', 'key-1', 'final', 'paid', 'CAPTURED', '2026-11-20', 1763600000000, 1763600000000)`,
  ).run(referenceId);
  db.prepare(
    `INSERT INTO refunds (refund_id, reference_id, amount_minor, currency, idempotency_key, state, local_day, created_at, updated_at)
     VALUES (?, ?, 300, 'SGD', 'rk-1', 'checking', '2026-11-20', 1763600001000, 1763600001000)`,
  ).run(`${referenceId}-R1`, referenceId);
}
