import { describe, expect, it } from 'vitest';
import { isReferenceId, makeReferenceId, randomCode, REFERENCE_ID_MAX_LENGTH, terminalPart } from './reference-id.ts';

describe('payment reference', () => {
  it('reads terminal, local date, random part', () => {
    const id = makeReferenceId('TILL01', '2026-11-21');
    expect(id).toMatch(/^TILL01-20261121-[0-9A-HJKMNP-TV-Z]{8}$/);
    expect(isReferenceId(id)).toBe(true);
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
