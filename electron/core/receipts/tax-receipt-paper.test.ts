import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../shared/locales/index.ts';
import { paidPaymentView } from '../../../shared/paid-payment.test-helper.ts';
import { buildReceipt } from '../../../shared/receipt.ts';
import { createDecoder, type DecodedJob } from '../../printing-sim/escpos-decoder.ts';
import { escposJob } from '../printing/escpos-layout.ts';
import { receiptHtml } from './receipt-html.ts';

// A Singapore tax receipt with the register's lines, on both kinds of paper: the ESC/POS job (read back by the
// virtual printer's decoder, not the till's encoder) and main's print page carry the identity, the items, the tax
// facts and the words the law asks for.

const document = buildReceipt({
  detail: {
    payment: paidPaymentView({
      lines: [
        { description: 'Kaya toast', quantity: 2, unitMinor: 250, amountMinor: 500 },
        { description: 'Kopi <C>', quantity: 1, unitMinor: 734, amountMinor: 734 },
      ],
    }),
    refunds: [],
    history: [],
    events: [],
  },
  kind: 'receipt',
  merchantName: 'Harbour Bakery',
  terminal: { posId: 'POS-1', terminalReference: 'Counter 2' },
  locale: 'en',
  timeZone: 'Asia/Singapore',
  business: {
    name: 'Harbour Bakery Pte Ltd',
    address: '1 Harbourfront Walk, Singapore 098585',
    taxNumber: 'M2-0123456-7',
    pricesIncludeTax: true,
    taxRatePercent: 9,
  },
  country: 'SG',
});

function decoded(bytes: Uint8Array): DecodedJob {
  let job: DecodedJob | null = null;
  const decoder = createDecoder((event) => {
    if (event.type === 'job-done') job = event.job;
  });
  decoder.feed(bytes);
  if (!job) throw new Error('no job decoded');
  return job;
}

describe('a tax receipt on paper', () => {
  it('ESC/POS: name, address and GST number above the title, the items, the tax facts and the GST words', () => {
    const bytes = escposJob(document, { widthMm: 80, words: LANGUAGES.en.receipt, copy: false, codePage: 'big5' });
    const text = decoded(bytes).items.flatMap((item) => (item.type === 'text' ? [item.text.trimEnd()] : []));
    const at = (needle: string): number => text.findIndex((line) => line.includes(needle));
    expect(at('Harbour Bakery Pte Ltd')).toBeLessThan(at('1 Harbourfront Walk'));
    expect(at('1 Harbourfront Walk')).toBeLessThan(at('GST Reg. No. M2-0123456-7'));
    expect(at('GST Reg. No. M2-0123456-7')).toBeLessThan(at('Receipt'));
    expect(at('Receipt')).toBeLessThan(at('Kaya toast'));
    expect(text).toContain(`Kaya toast${' '.repeat(48 - 10 - 6)}S$5.00`);
    expect(text).toContain('  2 × S$2.50');
    expect(text).toContain(`Total incl. GST${' '.repeat(48 - 15 - 7)}S$12.34`);
    expect(text).toContain(`GST 9% included${' '.repeat(48 - 15 - 6)}S$1.02`);
    expect(text).toContain('Price Payable includes GST');
  });

  it('the print page: the same facts, typed-in text never markup', async () => {
    const html = await receiptHtml(document);
    for (const text of ['Harbour Bakery Pte Ltd', 'GST Reg. No. M2-0123456-7', 'Kaya toast', '2 × S$2.50', 'S$1.02'])
      expect(html).toContain(text);
    expect(html).toContain('Kopi &lt;C&gt;');
    expect(html).toContain('<p>Price Payable includes GST</p>');
  });
});
