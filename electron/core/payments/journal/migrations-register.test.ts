import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { PosError } from '../../../../shared/errors.ts';
import { notice, noticeInEnglish } from '../../../../shared/notices.ts';
import { createTransactions } from '../../sqlite/database.ts';
import { tempFolder } from './journal-fixture.test-helper.ts';
import { journalFileIn, openJournal } from './journal.ts';
import { indexNames, insertPaidWithCheckingRefund } from './migrations.test-helper.ts';
import { schemaVersion } from '../../sqlite/migrations.ts';
import { LATEST_SCHEMA_VERSION, migrate } from './migrations/index.ts';

// Schemas 8 to 12 brought forward: the register connection and its waiting sales, refunds' posId, the notice
// of each event, the register's key ids and request retention.

describe('journal file and schema', () => {
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
});
