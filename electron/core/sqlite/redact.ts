// Event data is kept for years on a shop PC and shown on the support screen: it must never hold a secret,
// a signature, a token or a customer's payment code. The service should pass already-clean data; this is
// the last line, applied to everything the journal stores.

export const REDACTED = '[redacted]';

/** Keys whose values are credentials or single-use payment codes, compared lower-case without - or _. */
const SECRET_KEYS = new Set([
  'authorization',
  'pin',
  'supervisorpin',
  'adminpin',
  'consumerqrpayload',
  'consumercode',
  'cookie',
  'setcookie',
]);
/** Any key containing one of these words is secret too (accessKeySecret, x-signature, password). */
const SECRET_WORDS = ['secret', 'signature', 'password', 'passwd', 'credential'];
/** paymentToken, access_token, refreshTokens — but not "tokenized" (the API's name) or "tokenType". */
const TOKEN_KEY = /tokens?$/;

/** Long values (a base64 QR image) are cut: the journal records what happened, not megabytes of pixels. */
export const MAX_STRING_LENGTH = 512;
const MAX_DEPTH = 8;

export function isSecretKey(key: string): boolean {
  const normalized = key.toLowerCase().replace(/[-_]/g, '');
  return (
    SECRET_KEYS.has(normalized) || TOKEN_KEY.test(normalized) || SECRET_WORDS.some((word) => normalized.includes(word))
  );
}

/** A JSON-safe deep copy of `value` with secrets replaced and long strings shortened. */
export function redact(value: unknown, depth = 0): unknown {
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'string') return shorten(value);
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Date) return value.toISOString();
  if (depth >= MAX_DEPTH) return '[too deep]';
  if (Array.isArray(value)) return value.map((item) => redact(item, depth + 1));
  if (value instanceof Error) return { name: value.name, message: shorten(value.message) };
  if (typeof value === 'object') {
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      if (item === undefined || typeof item === 'function') continue;
      keepField(copy, key, isSecretKey(key) ? REDACTED : redact(item, depth + 1));
    }
    return copy;
  }
  return null;
}

/**
 * Defined, not assigned: `copy['__proto__'] = …` would set the copy's prototype (or do nothing, for a string) and
 * the field would vanish from the JSON. A provider's answer or a register's body parsed with JSON.parse holds a
 * `__proto__` field as any other, and what the record keeps must be what came, not what an assignment allows.
 */
export function keepField(copy: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(copy, key, { value, enumerable: true, writable: true, configurable: true });
}

/** The string the events table stores, or null when there is nothing to store. */
export function redactedJson(data: unknown): string | null {
  if (data === undefined || data === null) return null;
  return JSON.stringify(redact(data));
}

function shorten(text: string): string {
  return text.length <= MAX_STRING_LENGTH ? text : `${text.slice(0, MAX_STRING_LENGTH)}…(${text.length} chars)`;
}
