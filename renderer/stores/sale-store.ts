import { create } from 'zustand';
import { appendKeypadDigit, removeKeypadDigit } from '../../shared/money.ts';

// The sale being keyed in: amount in minor units (digits from the right) and an optional note.
// Each change is remembered with its time for a few seconds, so that when a USB scanner's burst of keys
// lands on this screen (a scan is ignored here), the keys it typed into the amount or note can be undone.
//
// An amount left from an earlier attempt (the cashier went to Scan and came back, or a result screen was
// left) is `stale`: the next digit starts a new amount instead of being added to it — "20.01" on screen
// plus "1299" typed must charge 12.99, never 2,001.29.

interface Snapshot {
  readonly at: number;
  readonly amountMinor: number;
  readonly note: string;
}

export interface SaleState {
  readonly amountMinor: number;
  readonly note: string;
  /** The amount on show is from an earlier attempt: the next digit replaces it. */
  readonly stale: boolean;
  /** Digits refused because the amount would pass the terminal's maximum (a counter: each refusal shows). */
  readonly overLimitCount: number;
  readonly undo: readonly Snapshot[];
  appendDigits(digits: string, maxMinor: number, at: number): void;
  deleteDigit(at: number): void;
  clearAmount(at: number): void;
  setNote(note: string, at: number): void;
  /** Puts amount and note back as they were before the first change made at or after `since`. */
  revertSince(since: number): void;
  /** The amount on show now belongs to an earlier attempt (see `stale`). */
  markStale(): void;
  /** Starts a sale with this amount and note (try again, other method). */
  startWith(amountMinor: number, note: string): void;
  reset(): void;
}

const UNDO_WINDOW = 64;

export const useSaleStore = create<SaleState>()((set) => {
  const change = (
    at: number,
    next: (state: SaleState) => Partial<Pick<SaleState, 'amountMinor' | 'note' | 'stale' | 'overLimitCount'>>,
  ) =>
    set((state) => {
      const patch = next(state);
      const undo = [...state.undo, { at, amountMinor: state.amountMinor, note: state.note }].slice(-UNDO_WINDOW);
      return { ...patch, undo };
    });
  return {
    amountMinor: 0,
    note: '',
    stale: false,
    overLimitCount: 0,
    undo: [],
    appendDigits: (digits, maxMinor, at) =>
      change(at, (state) => {
        let amount = state.stale ? 0 : state.amountMinor;
        let refused = false;
        for (const digit of digits) {
          const next = appendKeypadDigit(amount, Number(digit), maxMinor);
          // A 0 on an empty amount changes nothing and is not a refusal.
          if (next === amount && amount * 10 + Number(digit) !== amount) refused = true;
          amount = next;
        }
        return {
          amountMinor: amount,
          stale: false,
          overLimitCount: refused ? state.overLimitCount + 1 : state.overLimitCount,
        };
      }),
    deleteDigit: (at) =>
      change(at, (state) => ({ amountMinor: state.stale ? 0 : removeKeypadDigit(state.amountMinor), stale: false })),
    clearAmount: (at) => change(at, () => ({ amountMinor: 0, stale: false })),
    setNote: (note, at) => change(at, () => ({ note })),
    revertSince: (since) =>
      set((state) => {
        const first = state.undo.findIndex((snapshot) => snapshot.at >= since);
        if (first === -1) return {};
        const snapshot = state.undo[first]!;
        return { amountMinor: snapshot.amountMinor, note: snapshot.note, undo: state.undo.slice(0, first) };
      }),
    markStale: () => set((state) => (state.amountMinor > 0 ? { stale: true } : {})),
    startWith: (amountMinor, note) => set({ amountMinor, note, stale: false, undo: [] }),
    reset: () => set({ amountMinor: 0, note: '', stale: false, undo: [] }),
  };
});
