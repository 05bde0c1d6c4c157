// One "code scanned" path for both inputs (USB wedge and camera). The screen on show registers what a
// scan means there (charge, look up a receipt, ignore); with no handler registered a scan is ignored.

export interface ScannedCode {
  readonly code: string;
  readonly source: 'wedge' | 'camera';
  /** For wedge scans: timestamp of the burst's first key (see sale-store revertSince). */
  readonly startedAt?: number;
}

export type ScanHandler = (scan: ScannedCode) => void;

const handlers: ScanHandler[] = [];

/** Registers a handler; the most recently registered one wins. Returns the unregister function. */
export function registerScanHandler(handler: ScanHandler): () => void {
  handlers.push(handler);
  return () => {
    const index = handlers.lastIndexOf(handler);
    if (index !== -1) handlers.splice(index, 1);
  };
}

/** Delivers a scan to the current handler; false when nobody on screen takes scans. */
export function dispatchScan(scan: ScannedCode): boolean {
  const handler = handlers.at(-1);
  if (!handler) return false;
  handler(scan);
  return true;
}
