import { useBridgeEvent } from '../../hooks/use-bridge-event.ts';
import { useWedgeScanner } from '../../hooks/use-wedge-scanner.ts';
import { dispatchScan } from '../../scanning/scan-bus.ts';
import { useAppStore } from '../../stores/app-store.ts';
import { useOpenPaymentsStore } from '../../stores/open-payments-store.ts';
import { usePaymentStore } from '../../stores/payment-store.ts';
import { useTerminal } from '../../stores/terminal.ts';

/** Keeps the stores current from the contract's events, and turns USB-scanner bursts into scans. */
export function LiveWiring() {
  const setStatus = useAppStore((state) => state.setStatus);
  const setSettingsView = useAppStore((state) => state.setSettingsView);
  const markScannerSeen = useAppStore((state) => state.markScannerSeen);
  const applyPayment = usePaymentStore((state) => state.apply);
  const applyOpen = useOpenPaymentsStore((state) => state.apply);
  const terminal = useTerminal();

  useBridgeEvent('status.changed', setStatus);
  useBridgeEvent('settings.changed', setSettingsView);
  useBridgeEvent('payment.updated', (view) => {
    applyPayment(view);
    applyOpen(view);
  });

  useWedgeScanner(terminal.settings.scanner, (scan) => {
    markScannerSeen(performance.now());
    // Not on a screen that takes scans: ignored (see scan-bus).
    dispatchScan({ code: scan.code, source: 'wedge', startedAt: scan.startedAt });
  });
  return null;
}
