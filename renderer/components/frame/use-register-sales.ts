import { useEffect } from 'react';
import type { RegisterSale } from '../../../shared/register.ts';
import { useBridge } from '../../api/bridge.tsx';
import { useBridgeEvent } from '../../hooks/use-bridge-event.ts';
import { translate } from '../../i18n/i18n.tsx';
import { money } from '../format.ts';
import { useAppStore } from '../../stores/app-store.ts';
import { usePaymentStore } from '../../stores/payment-store.ts';

// A sale the shop's register sent appears on the cashier's screen at once (ecr.sale): its payment with our QR,
// or the scan its customer-QR sale waits for. One already open when the screen started (a reload, a restart of
// the app) is read once (ecr.openSale). The register calling it off before the scan, or its wait running out
// (nobody scanned a code in time), takes the scan away again.

export function useRegisterSales(): void {
  const bridge = useBridge();
  const show = usePaymentStore((state) => state.show);
  const navigate = useAppStore((state) => state.navigate);

  const take = (sale: RegisterSale): void => {
    const { screen, info, settingsView, showNotice } = useAppStore.getState();
    const here = screen.name === 'scan' && screen.registerSale?.referenceId === sale.referenceId;
    if (sale.state === 'waiting') {
      navigate({ name: 'scan', registerSale: sale });
    } else if (sale.state === 'cancelled' || sale.state === 'expired') {
      if (!here) return;
      navigate({ name: 'sale' });
      const locale = settingsView?.settings.locale ?? info?.locale ?? 'en';
      const said = sale.state === 'cancelled' ? 'register.saleCancelled' : 'register.saleExpired';
      showNotice(translate(locale, said, { amount: money(sale.amount, locale) }));
    } else if (sale.payment) {
      const onIt = screen.name === 'payment' && screen.referenceId === sale.referenceId;
      if (onIt) return;
      show(sale.payment);
      navigate({ name: 'payment', referenceId: sale.referenceId });
    }
  };

  useBridgeEvent('ecr.sale', take);
  useEffect(() => {
    let current = true;
    void bridge['ecr.openSale']({}).then((result) => {
      if (current && result.ok && result.value) take(result.value);
    });
    return () => {
      current = false;
    };
    // Read once when the screen starts; events carry every later sale.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [bridge]);
}
