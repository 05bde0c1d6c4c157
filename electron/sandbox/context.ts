import type { CountryCode } from '../../shared/money.ts';
import type { Faults } from './faults.ts';
import type { ProviderHeaderNames } from './headers.ts';
import { streamFor, type RandomStream } from './random.ts';

// What every part of the sandbox shares: the clock, the id streams, the fault switches, the tunable
// settings and the timers. One instance per running sandbox; `/_sandbox/reset` resets it in place.

export interface SandboxMerchant {
  name: string;
  accessKeyId: string;
  accessKeySecret: string;
  country: CountryCode;
  posIds: string[];
  /** Order amounts below this (minor units) are refused with the published text; default 1. */
  minAmountMinor?: number;
  /** Order amounts above this (minor units) are refused with the published text; default 1,000,000. */
  maxAmountMinor?: number;
}

/**
 * Which published body shape a tokenized answer takes (wire-details §3.2): the document's, or the live
 * service's other one. The client must read both, so the sandbox can speak either.
 */
export const WIRE_SHAPES = ['document', 'live'] as const;
export type WireShape = (typeof WIRE_SHAPES)[number];

export interface SandboxSettings {
  /** CREATED/PENDING orders become ABANDONED this long after creation (not published; ours). */
  abandonAfterMs: number;
  /**
   * PROCESSING → CAPTURED (or FAILED for a magic amount) after this long; in the tokenized area, how long the
   * processor takes to confirm (PENDING pre-auth, CAPTURE_INITIATED → CAPTURED, order-outcome webhooks).
   */
  confirmDelayMs: number;
  /** Tokenized pre-auths authorised from now on expire this long after authorisation (not published; ours). The tokenized area sets it. */
  preAuthTtlMs?: number;
  /** Tokenized refusals: `{statusCode, error, message}` (document) or `{statusCode, errorMessages[], errorId, name, errorCode, code, helpUrl}` (live). */
  tokenizedErrorShape?: WireShape;
  /** Order-outcome webhooks: SUCCESS/FAILED with webhook_url always (document) or SUCCESS/ERROR, webhook_url only on success, payment_type (live). */
  orderWebhookShape?: WireShape;
}

/**
 * Two clocks on purpose: `now()` drives scheduling (abandon, capture, retries) and never jumps; `wallNow()`
 * is what the sandbox tells the world (Date headers, createdAt, signature expiry) and carries the
 * `clockOffsetMs` fault. A skewed provider clock must not also abandon every open order.
 */
export class SandboxClock {
  readonly #base: () => number;
  readonly #faults: Faults;

  constructor(base: () => number, faults: Faults) {
    this.#base = base;
    this.#faults = faults;
  }

  now(): number {
    return this.#base();
  }

  wallNow(): number {
    return this.#base() + this.#faults.clockOffsetMs;
  }

  /** ISO 8601 UTC with milliseconds, as the API writes timestamps. */
  iso(): string {
    return new Date(this.wallNow()).toISOString();
  }

  /** RFC 7231 IMF-fixdate, for the HTTP Date header. */
  httpDate(): string {
    return new Date(this.wallNow()).toUTCString();
  }
}

/** Unref'd timers that all die with the sandbox (close or reset), so nothing fires into a closed server. */
export class Timers {
  readonly #pending = new Set<NodeJS.Timeout>();

  after(ms: number, run: () => void): NodeJS.Timeout {
    const timer = setTimeout(
      () => {
        this.#pending.delete(timer);
        run();
      },
      Math.max(0, ms),
    );
    timer.unref();
    this.#pending.add(timer);
    return timer;
  }

  cancel(timer: NodeJS.Timeout | null | undefined): void {
    if (!timer) return;
    clearTimeout(timer);
    this.#pending.delete(timer);
  }

  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => this.after(ms, resolve));
  }

  clearAll(): void {
    for (const timer of this.#pending) clearTimeout(timer);
    this.#pending.clear();
  }
}

/** Named random streams under one seed; `reseed` restarts them all (used by reset). */
export class IdSource {
  #seed: number;
  #streams = new Map<string, RandomStream>();

  constructor(seed: number) {
    this.#seed = seed;
  }

  get seed(): number {
    return this.#seed;
  }

  stream(purpose: string): RandomStream {
    let stream = this.#streams.get(purpose);
    if (!stream) {
      stream = streamFor(this.#seed, purpose);
      this.#streams.set(purpose, stream);
    }
    return stream;
  }

  traceId(): string {
    return this.stream('trace').uuid();
  }

  restart(): void {
    this.#streams.clear();
  }
}

export interface SandboxContext {
  readonly clock: SandboxClock;
  readonly ids: IdSource;
  readonly faults: Faults;
  readonly settings: SandboxSettings;
  readonly timers: Timers;
  readonly merchants: readonly SandboxMerchant[];
  /** The custom header names this sandbox answers to (the documents' `X-Service-` or the live `X-ShopBack-`). */
  readonly headers: ProviderHeaderNames;
  /** The origin the sandbox is reached at from outside (what clients sign and what its URLs start with). */
  readonly publicOrigin: () => string;
  log(line: string): void;
}
