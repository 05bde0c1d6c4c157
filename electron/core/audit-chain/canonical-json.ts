// Canonical JSON: one text for one value, whichever order its keys were built in, so a hash of it means the
// same on the till that wrote it and on an auditor's computer. Object keys sorted by UTF-16 code unit, no
// whitespace, strings and finite numbers as JSON.stringify writes them. What JSON cannot carry exactly (NaN,
// Infinity, undefined, a bigint, a function, a byte array) is refused rather than silently turned into
// something else: the chain holds SQLite rows, whose values are text, numbers and nulls.

export type CanonicalValue =
  null | boolean | number | string | readonly CanonicalValue[] | { readonly [key: string]: CanonicalValue };

export function canonicalJson(value: unknown): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'boolean':
      return value ? 'true' : 'false';
    case 'number':
      if (!Number.isFinite(value)) throw new TypeError(`canonical JSON has no form for ${value}`);
      // -0 and 0 are one number to JSON: written the same.
      return JSON.stringify(value);
    case 'string':
      return JSON.stringify(value);
    case 'object': {
      if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
      if (ArrayBuffer.isView(value)) throw new TypeError('canonical JSON has no form for bytes');
      const record = value as Record<string, unknown>;
      const keys = Object.keys(record)
        .filter((key) => record[key] !== undefined)
        .sort();
      return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`).join(',')}}`;
    }
    default:
      throw new TypeError(`canonical JSON has no form for a ${typeof value}`);
  }
}
