import type { ScreenSurface } from '../../../shared/payment-screens.ts';

// Which payments the screens show right now, as they say (payments.onScreen). A screen repeats its signal
// every few seconds while it shows a payment; a mark not repeated for `ttlMs` has lapsed (the window was
// closed, the renderer reloaded or crashed), so a payment never stays "on screen" by mistake for long. Marks
// are per surface and payment: two windows of one surface (a second cashier tab) may show two payments.

export const ON_SCREEN_TTL_MS = 15_000;

export class OnScreen {
  readonly #now: () => number;
  readonly #ttlMs: number;
  /** `${surface} ${referenceId}` → when the screen last said it shows it. */
  readonly #marks = new Map<string, number>();
  /** When each payment was last on a screen, kept after it left (its poll schedule counts from it). */
  readonly #lastShown = new Map<string, number>();

  constructor(now: () => number, ttlMs = ON_SCREEN_TTL_MS) {
    this.#now = now;
    this.#ttlMs = ttlMs;
  }

  /** A screen shows `referenceId`. True when it was on no screen just before. */
  show(surface: ScreenSurface, referenceId: string): boolean {
    const wasShown = this.isShown(referenceId);
    this.#marks.set(`${surface} ${referenceId}`, this.#touch(referenceId));
    return !wasShown;
  }

  /** A screen stopped showing `referenceId`. */
  hide(surface: ScreenSurface, referenceId: string): void {
    this.#marks.delete(`${surface} ${referenceId}`);
    this.#touch(referenceId);
  }

  /** It was on a screen until now; marks not repeated in time lapse. */
  #touch(referenceId: string): number {
    const at = this.#now();
    this.#lastShown.set(referenceId, at);
    for (const [key, markedAt] of this.#marks) if (at - markedAt >= this.#ttlMs) this.#marks.delete(key);
    return at;
  }

  isShown(referenceId: string): boolean {
    const at = this.#now();
    for (const [key, markedAt] of this.#marks)
      if (key.endsWith(` ${referenceId}`) && at - markedAt < this.#ttlMs) return true;
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
