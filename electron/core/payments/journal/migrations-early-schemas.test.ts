import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { notice, noticeInEnglish } from '../../../../shared/notices.ts';
import { createTransactions } from '../../sqlite/database.ts';
import { tempFolder } from './journal-fixture.test-helper.ts';
import { journalFileIn, openJournal } from './journal.ts';
import { insertPaidWithCheckingRefund } from './migrations.test-helper.ts';
import { schemaVersion } from '../../sqlite/migrations.ts';
import { LATEST_SCHEMA_VERSION, migrate } from './migrations/index.ts';

// Schemas 2 to 6 brought forward: the refund baseline, checking reasons, reasons as notices, expired orders,
// the provider's refund total. Each test writes a file at that schema with raw SQL and opens it with today's app.

describe('journal file and schema', () => {
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
});
