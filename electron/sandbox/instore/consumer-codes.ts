import type { IdSource } from '../context.ts';
import { UNAMBIGUOUS } from '../random.ts';

// Customer-presented QR codes: what a consumer's wallet app shows at the counter. The control API mints
// them (the sandbox plays the wallet); the scan endpoint accepts each one once. The behaviour chosen at
// minting decides what the "consumer" does after the merchant scans.

export const CONSUMER_BEHAVIOURS = ['approve', 'decline', 'confirm'] as const;
/**
 * - approve: the consumer confirms at once (PROCESSING → CAPTURED after confirmDelayMs; magic amounts apply)
 * - decline: the consumer declines (FAILED, failureReason CONSUMER_DECLINED)
 * - confirm: the order waits in PENDING until `/_sandbox/consumer/confirm` or `/decline`
 */
export type ConsumerBehaviour = (typeof CONSUMER_BEHAVIOURS)[number];

export const CONSUMER_CODE_PREFIX = 'SBCQ';
/** Wallet codes are one-time and short-lived; ours do not expire, only single use is enforced. */
const CODE_BODY_LENGTH = 16;

export interface ConsumerCode {
  readonly code: string;
  readonly behaviour: ConsumerBehaviour;
  readonly mintedAt: string;
  usedBy: string | null;
}

export type CodeCheck = { readonly ok: true; readonly code: ConsumerCode } | { readonly ok: false; readonly reason: 'unknown' | 'used' };

export class ConsumerCodes {
  readonly #codes = new Map<string, ConsumerCode>();
  readonly #ids: IdSource;

  constructor(ids: IdSource) {
    this.#ids = ids;
  }

  mint(behaviour: ConsumerBehaviour, mintedAt: string): string {
    let code: string;
    do code = CONSUMER_CODE_PREFIX + this.#ids.stream('consumer-code').text(UNAMBIGUOUS, CODE_BODY_LENGTH);
    while (this.#codes.has(code));
    this.#codes.set(code, { code, behaviour, mintedAt, usedBy: null });
    return code;
  }

  /** Looks a scanned text up without using it (the scan may still be refused for other reasons). */
  check(scanned: string): CodeCheck {
    const code = this.#codes.get(scanned.trim());
    if (!code) return { ok: false, reason: 'unknown' };
    if (code.usedBy !== null) return { ok: false, reason: 'used' };
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
