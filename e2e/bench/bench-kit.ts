import type { Result } from '../../shared/result.ts';
import type { PreviewHost } from '../fixtures/preview-host.ts';
import { recordResults } from './results-file.ts';

// What the benches share: command-line options, percentiles, a table printer (whose tables also go to
// results.md: results-file.ts), and calls to the preview host's contract and to the sandbox's control API (the
// renderer build is build-renderer.ts).

/** `--name=value` or `--name value` arguments; a bare `--flag` is "true". */
export function benchArgs(argv: readonly string[] = process.argv.slice(2)): Map<string, string> {
  const args = new Map<string, string>();
  for (let index = 0; index < argv.length; index += 1) {
    const [key = '', value] = (argv[index] ?? '').replace(/^--/, '').split('=');
    const next = argv[index + 1];
    if (value !== undefined) args.set(key, value);
    else if (next !== undefined && !next.startsWith('--')) {
      args.set(key, next);
      index += 1;
    } else args.set(key, 'true');
  }
  return args;
}

export interface Spread {
  readonly n: number;
  readonly p50: number;
  readonly p95: number;
  readonly max: number;
}

/** Nearest-rank percentiles. */
export function spread(samples: readonly number[]): Spread {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number): number =>
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
  return { n: sorted.length, p50: at(50), p95: at(95), max: sorted[sorted.length - 1] ?? NaN };
}

export const ms = (value: number): string => (Number.isFinite(value) ? `${value.toFixed(1)} ms` : '–');

export interface TableOptions {
  /** Columns padded on the right (text); the others are figures, padded on the left. Default: the first. */
  readonly left?: readonly number[];
}

/** Prints a table and keeps it for results.md (see recordResults). */
export function printTable(rows: readonly (readonly string[])[], options: TableOptions = {}): void {
  const left = options.left ?? [0];
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => row[column]?.length ?? 0))) ?? [];
  const format = (row: readonly string[]): string =>
    row
      .map((cell, column) =>
        left.includes(column) ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0),
      )
      .join('  ');
  console.log(format(rows[0] ?? []));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const row of rows.slice(1)) console.log(format(row));
  recordResults(rows);
}

/** A contract call through the preview host's HTTP transport, as the renderer makes it. */
export async function hostCall<T>(
  host: PreviewHost,
  channel: string,
  request: unknown,
  timeoutMs = 30_000,
): Promise<T> {
  const response = await fetch(`${host.origin}/api/${channel}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${host.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(request),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const result = (await response.json()) as Result<T>;
  if (!result.ok) throw new Error(`${channel} failed: ${result.error.code} ${result.error.message}`);
  return result.value;
}

/** A call to the embedded sandbox's control API (`/_sandbox`). */
export async function sandboxCall<T>(
  host: PreviewHost,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  body?: unknown,
  timeoutMs = 30_000,
): Promise<T> {
  const response = await fetch(`${host.sandbox}/_sandbox${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const payload = (await response.json()) as T;
  if (!response.ok)
    throw new Error(`sandbox ${method} ${path} answered ${response.status}: ${JSON.stringify(payload)}`);
  return payload;
}

export { sleep } from '../../electron/testing/helpers.ts';
export { noteResult, recordResults } from './results-file.ts';

/**
 * Stops a bench that runs past `deadlineMs` (exit 1) or is interrupted (exit 130) after `cleanup`, so no preview host
 * or Chromium is left behind. Returns what a bench that finished calls to take the deadline off.
 */
export function stopOnDeadlineOrSignal(bench: string, deadlineMs: number, cleanup: () => Promise<void>): () => void {
  const deadline = setTimeout(() => {
    console.error(`${bench} bench: still running after ${deadlineMs / 60_000} min, stopping`);
    void cleanup().finally(() => process.exit(1));
  }, deadlineMs);
  deadline.unref();
  const onSignal = (): void => void cleanup().finally(() => process.exit(130));
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  return () => clearTimeout(deadline);
}
