// Event streams and long polls hold their connection open (a stream for good, a long poll up to a minute).
// Each is counted per register key, so one key (a runaway register, a stolen key) cannot take every
// connection the till has; and each can be ended from outside: when its key is revoked (it must stop hearing
// about payments at once) or when the connection stops.

/** Event streams one key may hold at once: a register needs one; a few allow for reconnects overlapping. */
export const STREAMS_PER_KEY = 4;
/** Long polls one key may hold at once: one per payment it follows, and a register follows only a few. */
export const LONG_POLLS_PER_KEY = 16;

export type HeldKind = 'stream' | 'long-poll';
export type EndReason = 'revoked' | 'closing';

export interface Held {
  readonly keyName: string;
  readonly kind: HeldKind;
  /** Ends it from outside: the key was revoked, or the listener is closing. */
  end(reason: EndReason): void;
}

const LIMIT: Readonly<Record<HeldKind, number>> = { stream: STREAMS_PER_KEY, 'long-poll': LONG_POLLS_PER_KEY };

export class HeldRequests {
  readonly #held = new Set<Held>();

  /** Counts it in, or answers false when its key already holds as many of its kind as it may. */
  tryHold(held: Held): boolean {
    let same = 0;
    for (const other of this.#held) if (other.keyName === held.keyName && other.kind === held.kind) same += 1;
    if (same >= LIMIT[held.kind]) return false;
    this.#held.add(held);
    return true;
  }

  release(held: Held): void {
    this.#held.delete(held);
  }

  /** Ends everything a key holds (it was revoked). */
  endAllOf(keyName: string): void {
    for (const held of [...this.#held]) if (held.keyName === keyName) held.end('revoked');
  }

  /** Ends everything held (the listener is going away). */
  endAll(): void {
    for (const held of [...this.#held]) held.end('closing');
  }
}
