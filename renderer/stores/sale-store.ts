import { create } from 'zustand';
import { appendKeypadDigit, removeKeypadDigit } from '../../shared/money.ts';

// The sale being keyed in: amount in minor units (digits from the right) and an optional note.
// Each change is remembered with its time for a few seconds, so that when a USB scanner's burst of keys
// lands on this screen (a scan is ignored here), the keys it typed into the amount or note can be undone.

interface Snapshot {
  readonly at: number;
  readonly amountMinor: number;
  readonly note: string;
}

export interface SaleState {
  readonly amountMinor: number;
  readonly note: string;
  readonly undo: readonly Snapshot[];
  appendDigits(digits: string, maxMinor: number, at: number): void;
  deleteDigit(at: number): void;
  clearAmount(at: number): void;
  setNote(note: string, at: number): void;
  /** Puts amount and note back as they were before the first change made at or after `since`. */
  revertSince(since: number): void;
  reset(): void;
}

const UNDO_WINDOW = 64;

export const useSaleStore = create<SaleState>()((set) => {
  const change = (at: number, next: (state: SaleState) => Partial<Pick<SaleState, 'amountMinor' | 'note'>>) =>
    set((state) => {
      const patch = next(state);
      const undo = [...state.undo, { at, amountMinor: state.amountMinor, note: state.note }].slice(-UNDO_WINDOW);
      return { ...patch, undo };
    });
  return {
    amountMinor: 0,
    note: '',
    undo: [],
    appendDigits: (digits, maxMinor, at) =>
      change(at, (state) => ({
        amountMinor: [...digits].reduce((amount, digit) => appendKeypadDigit(amount, Number(digit), maxMinor), state.amountMinor),
      })),
    deleteDigit: (at) => change(at, (state) => ({ amountMinor: removeKeypadDigit(state.amountMinor) })),
    clearAmount: (at) => change(at, () => ({ amountMinor: 0 })),
    setNote: (note, at) => change(at, () => ({ note })),
    revertSince: (since) =>
      set((state) => {
        const first = state.undo.findIndex((snapshot) => snapshot.at >= since);
        if (first === -1) return {};
        const snapshot = state.undo[first]!;
        return { amountMinor: snapshot.amountMinor, note: snapshot.note, undo: state.undo.slice(0, first) };
      }),
    reset: () => set({ amountMinor: 0, note: '', undo: [] }),
  };
});
