import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical-json.ts';

describe('canonicalJson', () => {
  it('sorts keys at every depth and writes no whitespace', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: null, y: 'x' }], c: true } })).toBe(
      '{"a":{"c":true,"d":[3,{"y":"x","z":null}]},"b":1}',
    );
  });

  it('gives one text for one value, whatever order its keys were built in', () => {
    const one = { amount_minor: 1250, currency: 'HKD', note: null };
    const other = { note: null, currency: 'HKD', amount_minor: 1250 };
    expect(canonicalJson(one)).toBe(canonicalJson(other));
  });

  it('escapes strings as JSON does, unicode kept', () => {
    expect(canonicalJson({ name: 'Chan "Tai Man"\n陳' })).toBe('{"name":"Chan \\"Tai Man\\"\\n陳"}');
  });

  it('leaves out an absent (undefined) field, as JSON does', () => {
    expect(canonicalJson({ a: undefined, b: 2 })).toBe('{"b":2}');
  });

  it('sorts by code unit, not by locale', () => {
    expect(canonicalJson({ a: 1, B: 2, _: 3 })).toBe('{"B":2,"_":3,"a":1}');
  });

  it('refuses what JSON cannot carry exactly', () => {
    expect(() => canonicalJson(Number.NaN)).toThrow(TypeError);
    expect(() => canonicalJson(Number.POSITIVE_INFINITY)).toThrow(TypeError);
    expect(() => canonicalJson(10n)).toThrow(TypeError);
    expect(() => canonicalJson(new Uint8Array([1]))).toThrow(TypeError);
  });
});
