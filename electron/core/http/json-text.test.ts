import { describe, expect, it } from 'vitest';
import { parseJsonOrText, parseJsonOrUndefined } from './json-text.ts';

describe('parseJsonOrUndefined', () => {
  it('gives the JSON value, null and falsy values included', () => {
    expect(parseJsonOrUndefined('{"a":[1,2]}')).toEqual({ a: [1, 2] });
    expect(parseJsonOrUndefined('null')).toBeNull();
    expect(parseJsonOrUndefined('0')).toBe(0);
    expect(parseJsonOrUndefined('""')).toBe('');
  });

  it('gives undefined for an empty, cut-off or non-JSON text', () => {
    for (const text of ['', '{"a":', '<html>Bad gateway</html>', 'undefined'])
      expect(parseJsonOrUndefined(text)).toBeUndefined();
  });
});

describe('parseJsonOrText', () => {
  it('gives the JSON value, the text itself when it is not JSON, and null for no body', () => {
    expect(parseJsonOrText('{"referenceId":"R1"}')).toEqual({ referenceId: 'R1' });
    expect(parseJsonOrText('null')).toBeNull();
    expect(parseJsonOrText('Bad gateway')).toBe('Bad gateway');
    expect(parseJsonOrText('')).toBeNull();
  });
});
