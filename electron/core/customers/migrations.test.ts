import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { isStoppedReason } from '../../../shared/customers.ts';
import { PosError } from '../../../shared/errors.ts';
import { notice, noticeInEnglish } from '../../../shared/notices.ts';
import { createTransactions } from '../sqlite/database.ts';
import { schemaVersion } from '../sqlite/migrations.ts';
import { customerJournalFileIn, openCustomerJournal } from './journal.ts';
import { LATEST_CUSTOMER_SCHEMA, migrateCustomers } from './migrations/index.ts';
import { removeFolder, tempFolder } from '../../testing/helpers.ts';

// A till updated in the field opens a linked-customer journal written by an older version: its customers and
// their holds and charges must come through every migration unchanged.

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) removeFolder(folder);
});

function oldFile(version: number): string {
  const folder = tempFolder('wallet-pos-customer-migrations-');
  folders.push(folder);
  const filePath = customerJournalFileIn(folder);
  const db = new DatabaseSync(filePath);
  migrateCustomers(db, createTransactions(db).atomically, version);
  expect(schemaVersion(db)).toBe(version);
  db.exec(`
    INSERT INTO customers (merchant_user_id, merchant_id, status, token_sealed, hint, linked_at, updated_at)
      VALUES ('cust-0001', 'MERCHANT_DEMO', 'linked', 'v1.sealed-token', '+65 •••• 4567', 1763600000000, 1763600000000);
    INSERT INTO tokenized_attempts (merchant_ref, kind, merchant_user_id, merchant_id, amount_minor, currency, use_cashback,
        idempotency_key, state, provider_id, provider_status, authorized_at, local_day, created_at, updated_at)
      VALUES ('HOLD-TILL01-0001', 'hold', 'cust-0001', 'MERCHANT_DEMO', 1250, 'SGD', 1,
        '9b3a4f8e-1c2d-4e5f-8a7b-6c5d4e3f2a1b', 'open', 'pa_0001', 'AUTHORIZED', 1763600001000, '2026-11-20', 1763600000000, 1763600001000);
    INSERT INTO tokenized_attempts (merchant_ref, kind, merchant_user_id, merchant_id, amount_minor, currency, use_cashback,
        idempotency_key, state, unresolved_reason, local_day, created_at, updated_at)
      VALUES ('CHRG-TILL01-0002', 'charge', 'cust-0001', 'MERCHANT_DEMO', 700, 'SGD', 0,
        '0f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0', 'checking', 'network.timeout', '2026-11-20', 1763600002000, 1763600002000);
    INSERT INTO tokenized_attempts (merchant_ref, kind, merchant_user_id, merchant_id, amount_minor, currency, use_cashback,
        idempotency_key, state, unresolved_reason, local_day, created_at, updated_at)
      VALUES ('CHRG-TILL01-0003', 'charge', 'cust-0001', 'MERCHANT_DEMO', 900, 'SGD', 0,
        '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', 'checking',
        'stopped: not re-sent more than 15 minutes after it was first sent, so it cannot charge the customer late; check it with the provider',
        '2026-11-20', 1763600003000, 1763600003000);
  `);
  db.close();
  return filePath;
}

describe('linked-customer journal migrations', () => {
  for (let version = 1; version < LATEST_CUSTOMER_SCHEMA; version += 1) {
    it(`a file at schema ${version} opens at schema ${LATEST_CUSTOMER_SCHEMA} with its customers, holds and charges intact`, () => {
      const filePath = oldFile(version);
      const journal = openCustomerJournal({ filePath });
      try {
        expect(journal.getCustomer('cust-0001')).toMatchObject({
          status: 'linked',
          tokenSealed: 'v1.sealed-token',
          merchantId: 'MERCHANT_DEMO',
        });
        expect(journal.getAttempt('HOLD-TILL01-0001')).toMatchObject({
          kind: 'hold',
          amountMinor: 1250,
          currency: 'SGD',
          state: 'open',
          providerId: 'pa_0001',
          providerStatus: 'AUTHORIZED',
          captureFailure: null,
        });
        // The charge whose answer was lost is still there to be resolved, with its key unchanged.
        expect(journal.getAttempt('CHRG-TILL01-0002')).toMatchObject({
          state: 'checking',
          idempotencyKey: '0f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0',
          amountMinor: 700,
        });
        expect(journal.unsettled().map((row) => row.merchantRef)).toContain('CHRG-TILL01-0002');
        // Its reason was journalled as an error code before reasons were notices: said in the cashier's words.
        expect(journal.getAttempt('CHRG-TILL01-0002')?.unresolvedReason).toEqual(
          notice('payments.error', { error: { code: 'network.timeout' } }),
        );
        // A charge the till stopped checking is still stopped (it blocks nobody), its why shown as written.
        const stopped = journal.getAttempt('CHRG-TILL01-0003')!.unresolvedReason;
        expect(isStoppedReason(stopped)).toBe(true);
        expect(noticeInEnglish(stopped!)).toBe(
          'not re-sent more than 15 minutes after it was first sent, so it cannot charge the customer late; check it with the provider',
        );
        expect(journal.unknownOutcomesOf('cust-0001').map((row) => row.merchantRef)).toEqual(['CHRG-TILL01-0002']);
      } finally {
        journal.close();
      }
      const db = new DatabaseSync(filePath);
      expect(schemaVersion(db)).toBe(LATEST_CUSTOMER_SCHEMA);
      db.close();
    });
  }

  it('from schema 4 a reason is kept as its notice and its English, "stopped: " first once the till stopped checking', () => {
    const filePath = oldFile(LATEST_CUSTOMER_SCHEMA);
    const journal = openCustomerJournal({ filePath });
    const refused = notice('stopped.resend-refused', {
      error: { code: 'request.invalid', notice: notice('provider.action-conflict') },
    });
    try {
      journal.updateAttempt('CHRG-TILL01-0002', { unresolvedReason: refused });
      expect(journal.getAttempt('CHRG-TILL01-0002')?.unresolvedReason).toEqual(refused);
      expect(journal.unknownOutcomesOf('cust-0001')).toEqual([]);
      journal.updateAttempt('CHRG-TILL01-0002', {
        unresolvedReason: notice('payments.error', { error: { code: 'internal' } }),
      });
      expect(journal.unknownOutcomesOf('cust-0001').map((row) => row.merchantRef)).toEqual(['CHRG-TILL01-0002']);
      journal.updateAttempt('CHRG-TILL01-0003', { unresolvedReason: refused });
    } finally {
      journal.close();
    }
    const db = new DatabaseSync(filePath);
    const row = db
      .prepare(
        `SELECT unresolved_reason, unresolved_notice FROM tokenized_attempts WHERE merchant_ref = 'CHRG-TILL01-0003'`,
      )
      .get()!;
    db.close();
    expect(row['unresolved_reason']).toBe(
      'stopped: the provider refused the re-send (The provider says this action no longer fits the hold or payment. Check its status.); check it with the provider',
    );
    expect(JSON.parse(String(row['unresolved_notice']))).toEqual(refused);
  });

  it('from schema 4 to 5 the rows name nobody, and a charge, hold, capture or void written after names its people', () => {
    const filePath = oldFile(4);
    const journal = openCustomerJournal({ filePath });
    const alice = { id: 'alice', name: 'Alice Tan' };
    const sue = { id: 'sue', name: 'Sue Wong' };
    try {
      for (const ref of ['HOLD-TILL01-0001', 'CHRG-TILL01-0002', 'CHRG-TILL01-0003'])
        expect(journal.getAttempt(ref)).toMatchObject({ takenBy: null, approvedBy: null, finishedBy: null });
      // The hold from before staff is captured now: who sent it and who approved it are recorded on the old row.
      journal.updateAttempt('HOLD-TILL01-0001', {
        state: 'capturing',
        opKey: 'op-1',
        finishedBy: alice,
        approvedBy: sue,
      });
      expect(journal.getAttempt('HOLD-TILL01-0001')).toMatchObject({
        takenBy: null,
        approvedBy: sue,
        finishedBy: alice,
      });
      journal.recordAttempt({
        merchantRef: 'CHRG-TILL01-0004',
        kind: 'charge',
        merchantUserId: 'cust-0001',
        merchantId: 'MERCHANT_DEMO',
        amountMinor: 450,
        currency: 'SGD',
        useCashback: false,
        idempotencyKey: '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e',
        localDay: '2026-11-21',
        takenBy: alice,
        approvedBy: sue,
      });
      expect(journal.getAttempt('CHRG-TILL01-0004')).toMatchObject({
        takenBy: alice,
        approvedBy: sue,
        finishedBy: null,
      });
    } finally {
      journal.close();
    }
    // The names as they were then, in their own columns.
    const db = new DatabaseSync(filePath);
    expect(schemaVersion(db)).toBe(LATEST_CUSTOMER_SCHEMA);
    const row = db
      .prepare(
        `SELECT taken_by_id, taken_by_name, approved_by_id, approved_by_name FROM tokenized_attempts WHERE merchant_ref = 'CHRG-TILL01-0004'`,
      )
      .get()!;
    db.close();
    expect({ ...row }).toEqual({
      taken_by_id: 'alice',
      taken_by_name: 'Alice Tan',
      approved_by_id: 'sue',
      approved_by_name: 'Sue Wong',
    });
  });

  it('refuses a file written by a newer version instead of guessing at it', () => {
    const filePath = oldFile(LATEST_CUSTOMER_SCHEMA);
    const db = new DatabaseSync(filePath);
    db.exec(`PRAGMA user_version = ${LATEST_CUSTOMER_SCHEMA + 1}`);
    db.close();
    let error: unknown;
    try {
      openCustomerJournal({ filePath }).close();
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(PosError);
    expect(error).toMatchObject({
      code: 'journal.unavailable',
      notice: {
        key: 'journal.customers-newer',
        params: { schema: LATEST_CUSTOMER_SCHEMA + 1, known: LATEST_CUSTOMER_SCHEMA },
      },
    });
  });
});
