import { useEffect, useEffectEvent } from 'react';
import { registerScanHandler, type ScannedCode } from '../scanning/scan-bus.ts';

/** While mounted, scans (USB or camera) go to this handler. */
export function useScanHandler(handler: (scan: ScannedCode) => void): void {
  const onScan = useEffectEvent(handler);
  useEffect(() => registerScanHandler((scan) => onScan(scan)), []);
}
