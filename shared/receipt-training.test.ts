import { describe, expect, it } from 'vitest';
import { LANGUAGES, LOCALES } from './locales/index.ts';
import { paidPaymentView } from './paid-payment.test-helper.ts';
import { buildReceipt, type ReceiptKind } from './receipt.ts';

// Issue 36, 3: a training sale's receipt and refund slip say TRAINING at their top and, in their notes, that no
// money was taken, in the till's language; a real sale's paper has neither.

function paper(training: boolean | undefined, locale: (typeof LOCALES)[number], kind: ReceiptKind = 'receipt') {
  const payment = paidPaymentView({ referenceId: 'TRN-TILL01-20261122-0007ABCD' });
  return buildReceipt({
    detail: {
      payment: training === undefined ? payment : { ...payment, training },
      refunds: [],
      history: [],
      events: [],
    },
    kind,
    merchantName: 'Harbour Bakery',
    terminal: { posId: 'POS-1', terminalReference: 'TILL01' },
    locale,
  });
}

describe('a training sale on paper', () => {
  it.each(LOCALES)('is marked TRAINING on the receipt and the refund slip (%s)', (locale) => {
    const words = LANGUAGES[locale].receipt;
    for (const kind of ['receipt', 'refund-slip'] as const) {
      const doc = paper(true, locale, kind);
      expect(doc.title).toBe(`${words.training} · ${words[kind]}`);
      expect(doc.notes[0]).toBe(words.trainingNote);
    }
  });

  it('leaves a real sale as it was', () => {
    for (const training of [false, undefined]) {
      const doc = paper(training, 'en');
      expect(doc.title).toBe('Receipt');
      expect(doc.notes).not.toContain(LANGUAGES.en.receipt.trainingNote);
    }
  });
});
