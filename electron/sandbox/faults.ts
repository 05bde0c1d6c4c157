// Fault switches set through `/_sandbox/faults`: the network and provider troubles a till meets in the field,
// on demand and deterministically. Counters ("next N requests") are consumed in arrival order, one switch per
// request, checked in the order reset → 5xx → drop-after-act, so a test knows exactly which request fails how.

export interface FaultSwitches {
  /** Wait this long before handling every matching request. */
  latencyMs: number;
  /** The next N matching requests answer 503 without acting. */
  fail5xxNext: number;
  /** The next N matching requests act fully, then the socket is destroyed without an answer. */
  dropAfterActNext: number;
  /** The next N matching requests have their socket destroyed before anything is done. */
  resetNext: number;
  /** Act, then wait this long before answering (a client timing out here leaves an unknown outcome). */
  delayAfterActMs: number;
  /** The sandbox clock runs this far ahead (+) or behind (-): Date headers, signature expiry, timestamps. */
  clockOffsetMs: number;
  /** Every webhook notification is delivered twice. */
  webhookDuplicates: boolean;
  /** Every webhook delivery attempt (first and retries) is sent this much later than it would be. */
  webhookDelayMs: number;
  /** Request faults hit only requests whose path contains this; null = every provider API request. */
  path: string | null;
}

export type FaultPatch = Partial<FaultSwitches>;

/** What one request will suffer, decided (and counters consumed) when it arrives. */
export interface FaultPlan {
  readonly latencyMs: number;
  readonly before: 'reset' | 'fail5xx' | null;
  readonly dropAfterAct: boolean;
  readonly delayAfterActMs: number;
}

const NO_FAULTS: FaultSwitches = {
  latencyMs: 0,
  fail5xxNext: 0,
  dropAfterActNext: 0,
  resetNext: 0,
  delayAfterActMs: 0,
  clockOffsetMs: 0,
  webhookDuplicates: false,
  webhookDelayMs: 0,
  path: null,
};

const NON_NEGATIVE_INTEGERS = [
  'latencyMs',
  'fail5xxNext',
  'dropAfterActNext',
  'resetNext',
  'delayAfterActMs',
  'webhookDelayMs',
] as const;
/** A minute of latency is already far beyond any client timeout; more is a typo. */
const MAX_DELAY_MS = 120_000;

export class Faults {
  #switches: FaultSwitches = { ...NO_FAULTS };

  get current(): Readonly<FaultSwitches> {
    return { ...this.#switches };
  }

  get clockOffsetMs(): number {
    return this.#switches.clockOffsetMs;
  }

  get webhookDuplicates(): boolean {
    return this.#switches.webhookDuplicates;
  }

  get webhookDelayMs(): number {
    return this.#switches.webhookDelayMs;
  }

  /** Sets the given switches, leaving the others as they are. */
  apply(patch: FaultPatch): void {
    this.#switches = { ...this.#switches, ...patch };
  }

  clear(): void {
    this.#switches = { ...NO_FAULTS };
  }

  plan(path: string): FaultPlan {
    const s = this.#switches;
    if (s.path !== null && !path.includes(s.path))
      return { latencyMs: 0, before: null, dropAfterAct: false, delayAfterActMs: 0 };
    let before: FaultPlan['before'] = null;
    let dropAfterAct = false;
    if (s.resetNext > 0) {
      s.resetNext -= 1;
      before = 'reset';
    } else if (s.fail5xxNext > 0) {
      s.fail5xxNext -= 1;
      before = 'fail5xx';
    } else if (s.dropAfterActNext > 0) {
      s.dropAfterActNext -= 1;
      dropAfterAct = true;
    }
    return { latencyMs: s.latencyMs, before, dropAfterAct, delayAfterActMs: s.delayAfterActMs };
  }
}

/**
 * Validates a control-API body (or the `faults` start option, or the CLI's fault flags) into a patch;
 * returns an error text for the first bad field. The one place fault values are checked.
 */
export function parseFaultPatch(body: Readonly<Record<string, unknown>>): FaultPatch | string {
  const patch: FaultPatch = {};
  const known = new Set<string>([...Object.keys(NO_FAULTS)]);
  for (const key of Object.keys(body)) if (!known.has(key)) return `Unknown fault switch "${key}".`;
  for (const key of NON_NEGATIVE_INTEGERS) {
    const value = body[key];
    if (value === undefined) continue;
    if (!Number.isSafeInteger(value) || (value as number) < 0) return `${key} must be a non-negative integer.`;
    if (key.endsWith('Ms') && (value as number) > MAX_DELAY_MS) return `${key} must be at most ${MAX_DELAY_MS} ms.`;
    patch[key] = value as number;
  }
  if (body.clockOffsetMs !== undefined) {
    if (!Number.isSafeInteger(body.clockOffsetMs))
      return 'clockOffsetMs must be an integer (milliseconds, may be negative).';
    patch.clockOffsetMs = body.clockOffsetMs as number;
  }
  if (body.webhookDuplicates !== undefined) {
    if (typeof body.webhookDuplicates !== 'boolean') return 'webhookDuplicates must be true or false.';
    patch.webhookDuplicates = body.webhookDuplicates;
  }
  if (body.path !== undefined) {
    if (body.path !== null && (typeof body.path !== 'string' || body.path === ''))
      return 'path must be a non-empty string or null.';
    patch.path = body.path as string | null;
  }
  return patch;
}
