import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { paidPaymentView } from '../../../shared/paid-payment.test-helper.ts';
import type { PaymentView } from '../../../shared/payments.ts';
import { buildReceipt } from '../../../shared/receipt.ts';
import { receiptHtml } from './receipt-html.ts';

// The page main prints: every fact of the document, typed-in text never turned into markup, and a QR that a
// scanner reads back as our reference.

const payment: PaymentView = paidPaymentView({
  method: 'customer-qr',
  providerOrderId: '221122-0679-YVUY',
  updatedAt: '2026-11-22T05:04:03.000Z',
});

describe('receiptHtml', () => {
  it('holds every line, escapes the merchant name, and its QR decodes to the reference', async () => {
    const document = buildReceipt({
      detail: { payment, refunds: [], history: [], events: [] },
      kind: 'receipt',
      merchantName: 'Tom & Jerry <Bakery>',
      terminal: { posId: 'POS-1', terminalReference: 'Counter 2' },
      locale: 'en',
      timeZone: 'UTC',
    });
    const html = await receiptHtml(document);
    expect(html).toContain('Tom &amp; Jerry &lt;Bakery&gt;');
    expect(html).not.toContain('<Bakery>');
    expect(html).not.toMatch(/<script/i);
    for (const line of document.lines) expect(html).toContain(line.value.replace(/&/g, '&amp;'));
    expect(html).toContain('221122-0679-YVUY');

    const base64 = /src="data:image\/png;base64,([^"]+)"/.exec(html)![1]!;
    const png = PNG.sync.read(Buffer.from(base64, 'base64'));
    const decoded = jsQR(
      new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.length),
      png.width,
      png.height,
    );
    expect(decoded?.data).toBe('POS1-20261122-0007');
  });
});
