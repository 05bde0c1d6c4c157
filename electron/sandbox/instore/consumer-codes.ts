import type { IdSource, SandboxClock } from '../context.ts';
import { UNAMBIGUOUS } from '../random.ts';

// Customer-presented QR codes: what a consumer's wallet app shows at the counter. The control API mints
// them (the sandbox plays the wallet); the scan endpoint accepts each one once, within CONSUMER_CODE_VALID_MS
// of minting. The behaviour chosen at minting decides what the "consumer" does after the merchant scans.

export const CONSUMER_BEHAVIOURS = ['approve', 'decline', 'confirm'] as const;
/**
 * - approve: the consumer confirms at once (PROCESSING → CAPTURED after confirmDelayMs; magic amounts apply)
 * - decline: the consumer declines (FAILED, failureReason CONSUMER_DECLINED)
 * - confirm: the order waits in PENDING until `/_sandbox/consumer/confirm` or `/decline`
 */
export type ConsumerBehaviour = (typeof CONSUMER_BEHAVIOURS)[number];

export const CONSUMER_CODE_PREFIX = 'SBCQ';
/** Wallet codes are one-time and short-lived: the 60 s (the provider publishes no figure; ours). */
export const CONSUMER_CODE_VALID_MS = 60_000;
const CODE_BODY_LENGTH = 16;

export interface ConsumerCode {
  readonly code: string;
  readonly behaviour: ConsumerBehaviour;
  /** Wall-clock ISO times, as the sandbox shows them to the world. */
  readonly mintedAt: string;
  readonly expiresAt: string;
  /** Scheduling-clock instant from which a scan is refused as expired. */
  readonly expiresAtMs: number;
  usedBy: string | null;
}

export type CodeRefusal = 'unknown' | 'used' | 'expired';
export type CodeCheck =
  { readonly ok: true; readonly code: ConsumerCode } | { readonly ok: false; readonly reason: CodeRefusal };

export class ConsumerCodes {
  readonly #codes = new Map<string, ConsumerCode>();
  readonly #ids: IdSource;
  readonly #clock: SandboxClock;

  constructor(ids: IdSource, clock: SandboxClock) {
    this.#ids = ids;
    this.#clock = clock;
  }

  /**
   * Validity runs on the scheduling clock `now()`, not `wallNow()`: like the abandon timeout it is the
   * sandbox's own timer, and a `clockOffsetMs` fault (the provider's clock reading wrong) must not expire
   * a code the customer just showed, nor bring an old one back.
   */
  mint(behaviour: ConsumerBehaviour): ConsumerCode {
    let text: string;
    do text = CONSUMER_CODE_PREFIX + this.#ids.stream('consumer-code').text(UNAMBIGUOUS, CODE_BODY_LENGTH);
    while (this.#codes.has(text));
    const wallNow = this.#clock.wallNow();
    const code: ConsumerCode = {
      code: text,
      behaviour,
      mintedAt: new Date(wallNow).toISOString(),
      expiresAt: new Date(wallNow + CONSUMER_CODE_VALID_MS).toISOString(),
      expiresAtMs: this.#clock.now() + CONSUMER_CODE_VALID_MS,
      usedBy: null,
    };
    this.#codes.set(text, code);
    return code;
  }

  /**
   * Looks a scanned text up without using it (the scan may still be refused for other reasons). A used
   * code is reported as used even once it has also expired: that is the more useful thing to tell.
   */
  check(scanned: string): CodeCheck {
    const code = this.#codes.get(scanned.trim());
    if (!code) return { ok: false, reason: 'unknown' };
    if (code.usedBy !== null) return { ok: false, reason: 'used' };
    if (this.#clock.now() >= code.expiresAtMs) return { ok: false, reason: 'expired' };
    return { ok: true, code };
  }

  consume(code: ConsumerCode, referenceId: string): void {
    code.usedBy = referenceId;
  }

  list(): readonly ConsumerCode[] {
    return [...this.#codes.values()];
  }

  clear(): void {
    this.#codes.clear();
  }
}
