import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it, onTestFinished } from 'vitest';
import { startSandbox } from '../../sandbox/server.ts';
import { createTransactions } from '../sqlite/database.ts';
import { journalFacade } from '../sqlite/journal-facade.ts';
import { removeFolder, tempFolder } from '../../testing/helpers.ts';
import { journalFileIn } from './journal/index.ts';
import { createPaymentModule } from './payment-service.ts';
import { FAST, mintCode, waitForDetail } from './payment-service.test-helper.ts';
import { openTestContext } from './payment-test-context.test-helper.ts';

// A write the journal kept is answered as done: what runs after its COMMIT (telling the screens, the status bar,
// the journal's mark) may fail, and the cashier is still told the truth, that the sale and the refund are recorded,
// once each. Before, a failed read-back or a status bar that threw answered a committed sale journal.unavailable.

describe('after the commit', () => {
  it('answers a sale and a refund as done when telling the screens and the status bar fails, and records each once', async () => {
    const sandbox = await startSandbox({ confirmDelayMs: 50, seed: 38 });
    const dataDir = tempFolder('after-commit-');
    const test = await openTestContext({ dataDir, sandbox });
    let failing = false;
    const context = {
      ...test.context,
      countsChanged: () => {
        if (failing) throw new Error('the status bar is gone');
      },
    };
    const module = await createPaymentModule(FAST)(context);
    onTestFinished(async () => {
      await module.close();
      await test.close();
      await sandbox.close();
      removeFolder(dataDir);
    });
    const h = module.handlers;

    failing = true;
    const sale = await h['payments.chargeMerchantQr']({ amountMinor: 1234, currency: 'SGD' });
    expect(sale.referenceId).toMatch(/\S/);
    const consumerCode = await mintCode(sandbox, 'approve');
    const paid = await h['payments.chargeCustomerQr']({ amountMinor: 800, currency: 'SGD', consumerCode });
    await waitForDetail(h, paid.referenceId, (d) => d.payment.displayStatus === 'paid');
    const refunded = await h['payments.refund']({
      referenceId: paid.referenceId,
      amountMinor: 300,
      reason: 'returned',
      supervisorPin: '2468',
    });
    expect(refunded.refunds).toHaveLength(1);

    const db = new DatabaseSync(journalFileIn(dataDir), { readOnly: true });
    try {
      const count = (sql: string, ...args: string[]) => Number(db.prepare(sql).get(...args)?.['n']);
      expect(count('SELECT COUNT(*) AS n FROM payment_attempts WHERE reference_id = ?', sale.referenceId)).toBe(1);
      expect(count('SELECT COUNT(*) AS n FROM refunds WHERE reference_id = ?', paid.referenceId)).toBe(1);
    } finally {
      db.close();
    }
  });

  it("answers a committed write as done when the journal's own bookkeeping after COMMIT throws", () => {
    const dir = tempFolder('after-commit-hook-');
    onTestFinished(() => removeFolder(dir));
    const db = new DatabaseSync(`${dir}/kept.sqlite`);
    db.exec('CREATE TABLE kept (n INTEGER NOT NULL)');
    const transactions = createTransactions(db, {
      before: () => 1,
      after: () => {
        throw new Error('the mark could not be written');
      },
    });
    const facade = journalFacade({ name: 'test journal', transactions, closeFile: () => db.close() });
    const answer = facade.atomically(() => {
      db.prepare('INSERT INTO kept (n) VALUES (1)').run();
      return 'done';
    });
    expect(answer).toBe('done');
    expect(Number(db.prepare('SELECT COUNT(*) AS n FROM kept').get()?.['n'])).toBe(1);
    facade.close();
  });
});
