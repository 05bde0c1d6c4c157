import { create } from 'zustand';
import type { RegisterSale } from '../../shared/register.ts';

// A register's sale that arrived while the cashier was mid-sale (the core refuses those, but one can slip in at
// the same moment): it waits here, shown in a banner, until the cashier is free (use-register-sales.ts).

export interface HeldRegisterSaleState {
  readonly held: RegisterSale | null;
  hold(sale: RegisterSale): void;
  /** Lets go of it (taken, or over); with a reference, only if that is the one held. */
  release(referenceId?: string): void;
}

export const useHeldRegisterSaleStore = create<HeldRegisterSaleState>()((set) => ({
  held: null,
  hold: (held) => set({ held }),
  release: (referenceId) =>
    set((state) => (referenceId === undefined || state.held?.referenceId === referenceId ? { held: null } : {})),
}));
