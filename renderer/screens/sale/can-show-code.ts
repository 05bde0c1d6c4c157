import { useAppStore } from '../../stores/app-store.ts';
import { useTerminal } from '../../stores/terminal.ts';

/**
 * Whether a kiosk's customer may be offered to show their payment code: only where something can read it, a
 * camera chosen in Settings or a scanner that has read something since the till started.
 */
export function useCanShowCode(): boolean {
  const { settings } = useTerminal();
  const scannerSeen = useAppStore((state) => state.scannerSeenAt !== null);
  return scannerSeen || settings.cameraDeviceId !== '';
}
