import type { CashierSale } from '../../shared/payment-screens.ts';
import type { PaymentView } from '../../shared/payments.ts';
import { useAppStore } from './app-store.ts';
import type { Screen } from './navigation.ts';
import { usePaymentStore } from './payment-store.ts';
import { useSaleStore } from './sale-store.ts';

// Where the cashier's own sale stands on this window, while it is under way: an amount on the Sale screen (keyed,
// or left from an attempt the cashier came back from: Enter charges it), the Scan screen for the cashier's own
// sale, the cashier's payment on the Payment screen (its result included, until it is put away). The core hears it
// (payments.cashierSale) and refuses register sales meanwhile; a register's sale that slips in all the same waits
// in a banner instead of taking the screen (use-register-sales.ts).

export function cashierSaleOf(screen: Screen, keyedMinor: number, shown: PaymentView | null): CashierSale | null {
  switch (screen.name) {
    case 'sale':
      return keyedMinor > 0 ? { surface: 'sale' } : null;
    case 'scan':
      return screen.registerSale ? null : { surface: 'scan' };
    // The cashier's charge on its way (the core holds registers off meanwhile): still the keyed sale.
    case 'charging':
      return { surface: 'sale' };
    case 'payment': {
      // A register's payment is the register's (it holds the till by itself while open). One not read yet counts
      // as the cashier's for the moment it takes to read it.
      const registers = shown?.referenceId === screen.referenceId && Boolean(shown.fromRegister);
      return registers ? null : { surface: 'payment', referenceId: screen.referenceId };
    }
    default:
      return null;
  }
}

/** The same, now (for an event handler). */
export function cashierSaleNow(): CashierSale | null {
  return cashierSaleOf(
    useAppStore.getState().screen,
    useSaleStore.getState().amountMinor,
    usePaymentStore.getState().active,
  );
}

/** The same, kept current. */
export function useCashierSale(): CashierSale | null {
  const screen = useAppStore((state) => state.screen);
  const keyedMinor = useSaleStore((state) => state.amountMinor);
  const shown = usePaymentStore((state) => state.active);
  return cashierSaleOf(screen, keyedMinor, shown);
}
