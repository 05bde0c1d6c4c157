import { describe, expect, it } from 'vitest';
import { isReceiptReference } from '../../../../shared/receipt-reference.ts';
import {
  isReferenceId,
  makeReferenceId,
  makeTrainingReferenceId,
  randomCode,
  REFERENCE_ID_MAX_LENGTH,
  terminalPart,
} from './reference-id.ts';

describe('payment reference', () => {
  it('reads terminal, local date, random part', () => {
    const id = makeReferenceId('TILL01', '2026-11-21');
    expect(id).toMatch(/^TILL01-20261121-[0-9A-HJKMNP-TV-Z]{8}$/);
    expect(isReferenceId(id)).toBe(true);
  });

  it('numbers a training sale apart: TRN-, then the terminal shortened to stay within 36 characters', () => {
    expect(makeTrainingReferenceId('TILL01', '2026-11-21')).toMatch(/^TRN-TILL01-20261121-[0-9A-HJKMNP-TV-Z]{8}$/);
    for (const terminal of ['', '---', 'A'.repeat(36), 'SHOP-CENTRAL-TILL-NUMBER-0001']) {
      const id = makeTrainingReferenceId(terminal, '2026-11-21');
      expect(id.startsWith('TRN-')).toBe(true);
      expect(id.length).toBeLessThanOrEqual(REFERENCE_ID_MAX_LENGTH);
      expect(isReferenceId(id)).toBe(true);
      expect(id).not.toContain('--');
    }
  });

  it('stays provider-safe and within 36 characters whatever the terminal reference holds', () => {
    const long = makeReferenceId('A-VERY-LONG-TERMINAL-REFERENCE-123456', '2026-11-21');
    expect(long.length).toBeLessThanOrEqual(REFERENCE_ID_MAX_LENGTH);
    expect(isReferenceId(long)).toBe(true);
    expect(long.startsWith('A-VERY-LONG-TERMIN')).toBe(true);
    expect(terminalPart('Till 01 / Front')).toBe('Till01Front');
    expect(terminalPart('--')).toBe('POS');
    expect(terminalPart('')).toBe('POS');
    // Truncation must not leave a dangling hyphen before the date.
    expect(terminalPart('ABCDEFGHIJKLMNOPQ-XYZ')).toBe('ABCDEFGHIJKLMNOPQ');
  });

  it("has the shape the refund screen's camera takes for a receipt (shared/receipt-reference.ts), whatever the terminal", () => {
    const terminals = [
      'TILL01',
      'Till 01 / Front',
      'A-VERY-LONG-TERMINAL-REFERENCE-123456',
      '--',
      '',
      'x',
      'COUNTER-B',
    ];
    for (const terminal of terminals)
      for (let i = 0; i < 200; i += 1) {
        const id = makeReferenceId(terminal, '2026-11-21');
        expect(isReceiptReference(id), id).toBe(true);
      }
    // What else a camera at the counter sees: a wallet payment code, our QR's payload, a pay-page URL, the
    // provider's order id, a reference cut short.
    for (const other of [
      'SBCQ4H7K2M9P3R5T8V1W',
      'sandbox-wallet://pay/abc123',
      'https://example.test/pay/abc',
      '221122-0679-YVUY',
      'TILL01-20261121-K3F9Q2Z',
      'TILL01-20261121-K3F9Q2ZPX',
      'TILL01-2026112-K3F9Q2ZP',
      'TILL01-20261121-K3F9Q2ZU',
      '-TILL01-20261121-K3F9Q2ZP',
    ])
      expect(isReceiptReference(other), other).toBe(false);
  });

  it('is unique over many draws', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 20_000; i += 1) seen.add(makeReferenceId('T1', '2026-11-21'));
    expect(seen.size).toBe(20_000);
  });

  it('uses every Crockford character and no ambiguous letter', () => {
    const text = randomCode(20_000);
    expect(new Set(text).size).toBe(32);
    expect(text).not.toMatch(/[ILOU]/);
  });
});
