import { isSecretKey, keepField, REDACTED } from '../sqlite/redact.ts';

// The log's last line of defence: whatever a caller hands the log, no secret, PIN, key, token or signature is
// written. Two layers: by name (a field called pin, accessKeySecret, authorization, *token, *signature… at any
// depth, the journal's own rule in sqlite/redact.ts plus keys), and by shape (a PEM block, a Bearer
// credential, `secret=…`, a long opaque run of base64 or hex) for text that carries one inside a sentence: an
// error's message that quotes a header, a stack that quotes a request. The price is an occasional long hash
// shown as [redacted]; a reference (a UUID, a referenceId) is short enough to stay readable.

export { REDACTED };

/** pino's own redaction (fast-redact) of the fields every entry may carry; the deep scrub below covers any depth. */
export const REDACT_PATHS: readonly string[] = [
  'params.pin',
  'params.supervisorPin',
  'params.adminPin',
  'params.accessKeySecret',
  'params.tokenizedMerchantSecret',
  'params.headOfficeUrl',
  'params.secrets',
  'params.authorization',
  'params.signature',
  'params.token',
  'params.key',
  'params.*.pin',
  'params.*.secret',
  'params.*.token',
  'params.*.key',
  'params.*.authorization',
];

const MAX_TEXT = 4_000;
const MAX_DEPTH = 6;

const SHAPES: ReadonlyArray<[RegExp, string]> = [
  // A private key or certificate request, whole.
  [/-----BEGIN [A-Z0-9 ]+-----[\s\S]*?(?:-----END [A-Z0-9 ]+-----|$)/g, REDACTED],
  // An HTTP credential: "Bearer abc…", "Basic abc…".
  [/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi, `$1 ${REDACTED}`],
  // name=value or name: value, where the name says secret (pin, key, token, signature, password, secret).
  [
    /\b([A-Za-z_-]*(?:secret|token|signature|password|passwd|pin|api[-_]?key|private[-_]?key)[A-Za-z_-]*)(["']?\s*[=:]\s*["']?)([^\s"',;&}]+)/gi,
    `$1$2${REDACTED}`,
  ],
];

/**
 * A long opaque run (a base64 key, a hex signature, a JWT part): never a word, a reference or a UUID. A run with a
 * slash may be a path (a data folder): it counts as opaque only with digits in it, as random base64 has.
 */
const OPAQUE_RUN = /[A-Za-z0-9+/_=-]{40,}/g;
const looksOpaque = (run: string): boolean => !run.includes('/') || (run.match(/\d/g)?.length ?? 0) >= 4;

/** Text with every secret shape replaced, shortened to a size a log line should have. */
export function scrubText(text: string): string {
  let clean = text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…(${text.length} chars)` : text;
  for (const [shape, replacement] of SHAPES) clean = clean.replace(shape, replacement);
  return clean.replace(OPAQUE_RUN, (run) => (looksOpaque(run) ? REDACTED : run));
}

/** A key that names a secret: the journal's rule, and keys (apiKey, privateKey, registerKey), but not keyId. */
export function isSecretField(key: string): boolean {
  return isSecretKey(key) || /key$/i.test(key);
}

/** A JSON-safe deep copy with secret fields replaced and every string scrubbed. */
export function scrubValue(value: unknown, depth = 0): unknown {
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'string') return scrubText(value);
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Date) return value.toISOString();
  if (depth >= MAX_DEPTH) return '[too deep]';
  if (value instanceof Error) {
    const code = (value as { code?: unknown }).code;
    return {
      name: value.name,
      message: scrubText(value.message),
      ...(typeof code === 'string' ? { code } : {}),
    };
  }
  if (Array.isArray(value)) return value.slice(0, 50).map((item) => scrubValue(item, depth + 1));
  if (typeof value === 'object') {
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      if (item === undefined || typeof item === 'function') continue;
      keepField(copy, key, isSecretField(key) ? REDACTED : scrubValue(item, depth + 1));
    }
    return copy;
  }
  return null;
}
