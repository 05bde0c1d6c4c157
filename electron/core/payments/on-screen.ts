import type { ScreenSurface } from '../../../shared/domain.ts';

// Which payment each screen shows right now, as the screens say (payments.onScreen). A screen repeats its
// signal every few seconds while it shows a payment; a mark not repeated for `ttlMs` has lapsed (the window
// was closed, the renderer reloaded or crashed), so a payment can never stay "on screen" by mistake for long.

export const ON_SCREEN_TTL_MS = 15_000;

interface Mark {
  readonly referenceId: string;
  readonly at: number;
}

export class OnScreen {
  readonly #now: () => number;
  readonly #ttlMs: number;
  readonly #marks = new Map<ScreenSurface, Mark>();
  /** When each payment was last on a screen, kept after it left (its poll schedule counts from it). */
  readonly #lastShown = new Map<string, number>();

  constructor(now: () => number, ttlMs = ON_SCREEN_TTL_MS) {
    this.#now = now;
    this.#ttlMs = ttlMs;
  }

  /** A screen shows `referenceId` (or nothing). True when that payment was on no screen just before. */
  show(surface: ScreenSurface, referenceId: string | null): boolean {
    const wasShown = referenceId !== null && this.isShown(referenceId);
    const at = this.#now();
    if (referenceId === null) this.#marks.delete(surface);
    else {
      this.#marks.set(surface, { referenceId, at });
      this.#lastShown.set(referenceId, at);
    }
    return referenceId !== null && !wasShown;
  }

  isShown(referenceId: string): boolean {
    const at = this.#now();
    for (const mark of this.#marks.values()) if (mark.referenceId === referenceId && at - mark.at < this.#ttlMs) return true;
    return false;
  }

  /** The last time it was on a screen (epoch ms), or null. */
  lastShownAt(referenceId: string): number | null {
    return this.isShown(referenceId) ? this.#now() : (this.#lastShown.get(referenceId) ?? null);
  }

  /** Nothing about it is open any more. */
  forget(referenceId: string): void {
    if (!this.isShown(referenceId)) this.#lastShown.delete(referenceId);
  }
}
