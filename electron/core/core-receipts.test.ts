import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ReceiptDocument } from '../../shared/receipt.ts';
import type { Core } from './core-api.ts';
import { createCore } from './core.ts';
import { closeOpenedCores, opened, paidPayment } from './core.test-helper.ts';
import { dispatch } from './dispatch.ts';
import { FAST } from './payments/payment-service.test-helper.ts';
import { createPaymentModule } from './payments/payment-service.ts';
import { DevelopmentFileVault } from './settings/development-file-vault.ts';
import { tempFolder } from '../testing/helpers.ts';

// The composed core (as core.test.ts): receipts.print, with and without a printer.

afterEach(closeOpenedCores);

describe('receipts.print', () => {
  async function openCoreWithPayments(printer?: { print(document: ReceiptDocument): Promise<void> }): Promise<Core> {
    const dir = tempFolder('core-receipts-');
    const core = await createCore({
      dataDir: dir,
      vault: new DevelopmentFileVault(join(dir, 'vault.json')),
      transport: 'web',
      version: '1.2.3',
      statusIntervalMs: 60_000,
      payments: createPaymentModule(FAST),
      ...(printer ? { printer } : {}),
    });
    opened.push({ core, dir });
    return core;
  }

  it('without a printer (web host) tells the screen to print it in the browser; refuses what has no receipt', async () => {
    const core = await openCoreWithPayments();
    const referenceId = await paidPayment(core);
    expect(await dispatch(core.handlers, 'receipts.print', { referenceId, kind: 'receipt' })).toEqual({
      ok: true,
      value: { printed: false, via: 'browser' },
    });
    // No refund yet: no refund slip.
    expect(await dispatch(core.handlers, 'receipts.print', { referenceId, kind: 'refund-slip' })).toMatchObject({
      ok: false,
      error: { code: 'request.invalid', message: expect.stringMatching(/no refund/) },
    });
    // Neither in this journal nor at the provider (a payment of another terminal would be looked up there).
    expect(
      await dispatch(core.handlers, 'receipts.print', { referenceId: 'UNKNOWN-REF-0001', kind: 'receipt' }),
    ).toMatchObject({ ok: false, error: { code: 'order.not-found' } });
    expect(await dispatch(core.handlers, 'receipts.print', { referenceId, kind: 'invoice' })).toMatchObject({
      ok: false,
      error: { code: 'ipc.invalid-payload' },
    });
  });

  it('with a printer sends it the document built from the journal: provider order id, reference, QR of the reference', async () => {
    const printed: ReceiptDocument[] = [];
    const core = await openCoreWithPayments({ print: async (document) => void printed.push(document) });
    await core.handlers['settings.save']({ settings: { merchantName: 'Harbour Bakery' } });
    const referenceId = await paidPayment(core);
    expect(await core.handlers['receipts.print']({ referenceId, kind: 'receipt' })).toEqual({
      printed: true,
      via: 'printer',
    });
    const { payment } = await core.handlers['payments.get']({ referenceId });
    expect(printed).toHaveLength(1);
    const document = printed[0]!;
    expect(document.merchantName).toBe('Harbour Bakery');
    expect(document.qrText).toBe(referenceId);
    expect(document.lines.find((line) => line.field === 'providerOrderId')?.value).toBe(payment.providerOrderId);
    expect(payment.providerOrderId).toBeTruthy();
    expect(document.lines.find((line) => line.field === 'terminal')?.value).toContain('POS-DEMO-1');
  });

  it('a printer that fails is reported to the cashier as retryable, with what to check', async () => {
    const core = await openCoreWithPayments({ print: async () => Promise.reject(new Error('out of paper')) });
    const referenceId = await paidPayment(core);
    const result = await dispatch(core.handlers, 'receipts.print', { referenceId, kind: 'receipt' });
    expect(result).toMatchObject({
      ok: false,
      error: { retryable: true, message: expect.stringMatching(/out of paper.*reprint/) },
    });
  });
});
