import { useEffect, useState } from 'react';
import type { HeadOfficeStatus } from '../../shared/head-office.ts';
import { useBridge } from '../api/bridge.tsx';
import { useBridgeEvent } from './use-bridge-event.ts';

/** headOffice.status, read once while `enabled` (a till without a head office is not asked), then headOffice.changed. */
export function useHeadOfficeStatus(enabled: boolean): HeadOfficeStatus | null {
  const bridge = useBridge();
  const [status, setStatus] = useState<HeadOfficeStatus | null>(null);
  useBridgeEvent('headOffice.changed', setStatus);
  useEffect(() => {
    if (!enabled) return;
    let current = true;
    void bridge['headOffice.status']({}).then((result) => current && result.ok && setStatus(result.value));
    return () => {
      current = false;
    };
  }, [bridge, enabled]);
  return status;
}
