import { afterEach, describe, expect, it } from 'vitest';
import type { PaymentView } from '../../../shared/payments.ts';
import { buildReceipt } from '../../../shared/receipt.ts';
import {
  closeOpenedTills,
  consumer,
  longPollUntil,
  newKey,
  openTill,
  startSale,
} from './one-register-till.test-helper.ts';

// A register's sale may carry its lines (POST /payments `lines`): recorded with the payment, on the payment's view
// (the receipt prints them, the customer display shows them while the QR waits). Lines that do not make the amount
// are refused 422, the field named, before anything is recorded. Every answer is checked against the till's own
// OpenAPI document by the register client, the refusal's `field` included.

afterEach(closeOpenedTills);

const LINES = [
  { description: 'Kaya toast', quantity: 2, unitMinor: 250, amountMinor: 500 },
  { description: 'Kopi C', quantity: 1, unitMinor: 734, amountMinor: 734 },
];

describe('a register sale’s lines', () => {
  it('are recorded with the payment, sent to the screens and the customer display, and printed on its receipt', async () => {
    const till = await openTill();
    const document = await till.register.document();
    const create = (document['components'] as { schemas: Record<string, { properties: Record<string, unknown> }> })
      .schemas['CreatePayment']!;
    expect(Object.keys(create.properties)).toContain('lines');

    const sale = await startSale(till, { amountMinor: 1234, currency: 'SGD', method: 'merchant-qr', lines: LINES });
    const detail = await till.core.handlers['payments.get']({ referenceId: sale.referenceId });
    expect(detail.payment.lines).toEqual(LINES);
    const updates = till.events
      .filter((e) => e.event === 'payment.updated')
      .map((e) => e.payload as PaymentView)
      .filter((view) => view.referenceId === sale.referenceId);
    expect(updates.at(-1)?.lines).toEqual(LINES);
    // The customer display opened mid-sale reads them too, with the QR.
    const onDisplay = await till.core.handlers['payments.onDisplay']({});
    expect(onDisplay).toMatchObject({ referenceId: sale.referenceId, lines: LINES });
    expect(onDisplay?.qrPayload).toBeTruthy();

    await consumer(till, '/consumer/confirm', { referenceId: sale.referenceId });
    await longPollUntil(till, sale.referenceId, 'paid');
    const paid = await till.core.handlers['payments.get']({ referenceId: sale.referenceId });
    const receipt = buildReceipt({
      detail: paid,
      kind: 'receipt',
      merchantName: 'Harbour Bakery',
      terminal: { posId: 'POS-1', terminalReference: 'Counter 2' },
      locale: 'en',
    });
    expect(receipt.items.map((item) => [item.description, item.detail, item.amount])).toEqual([
      ['Kaya toast', '2 × S$2.50', 'S$5.00'],
      ['Kopi C', null, 'S$7.34'],
    ]);
  });

  it('refuses lines that do not add up to the amount, 422 naming `lines`; nothing is recorded', async () => {
    const till = await openTill();
    const refused = await till.register.post<Record<string, unknown>>(
      '/payments',
      { amountMinor: 1200, currency: 'SGD', method: 'merchant-qr', lines: LINES },
      newKey(),
    );
    expect(refused).toMatchObject({ status: 422, body: { code: 'amount.invalid', field: 'lines' } });
    expect(refused.body['detail']).toBe('the lines add up to 1234, not amountMinor 1200.');
    // Nothing was started: the till is free for the register's corrected sale.
    expect(await till.core.handlers['ecr.openSale']({})).toBeNull();
    await startSale(till, { amountMinor: 1234, currency: 'SGD', method: 'merchant-qr', lines: LINES });
  });

  it('refuses a line whose amount is not quantity × unit, naming that line', async () => {
    const till = await openTill();
    const wrong = [LINES[0], { ...LINES[1], quantity: 2 }];
    const refused = await till.register.post<Record<string, unknown>>(
      '/payments',
      { amountMinor: 1234, currency: 'SGD', method: 'merchant-qr', lines: wrong },
      newKey(),
    );
    expect(refused).toMatchObject({ status: 422, body: { code: 'amount.invalid', field: 'lines.1.amountMinor' } });
  });

  it('refuses a description holding a control byte as a body that does not fit (400, the field named)', async () => {
    const till = await openTill();
    const refused = await till.register.post<Record<string, unknown>>(
      '/payments',
      {
        amountMinor: 500,
        currency: 'SGD',
        method: 'merchant-qr',
        lines: [{ description: 'Toast\x1bp\x00', quantity: 1, unitMinor: 500, amountMinor: 500 }],
      },
      newKey(),
    );
    expect(refused).toMatchObject({ status: 400, body: { code: 'ecr.invalid-request' } });
    expect(refused.body['detail']).toMatch(/\blines\.0\.description: no control characters/);
  });

  it('a customer-QR sale keeps its lines from its wait to its payment', async () => {
    const till = await openTill();
    const sale = await startSale(till, { amountMinor: 1234, currency: 'SGD', method: 'customer-qr', lines: LINES });
    const minted = await consumer(till, '/consumer-codes', { behaviour: 'approve' });
    const view = await till.core.handlers['payments.chargeCustomerQr']({
      amountMinor: 1234,
      currency: 'SGD',
      consumerCode: minted['code'] as string,
      registerSale: sale.referenceId,
    });
    expect(view.lines).toEqual(LINES);
    expect((await till.core.handlers['payments.get']({ referenceId: sale.referenceId })).payment.lines).toEqual(LINES);
  });
});
