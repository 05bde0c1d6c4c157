import { createContext, useContext, type ReactNode } from 'react';
import type { PosBridge } from '../../shared/contract.ts';
import { guardBridge } from './guard.ts';
import { takeAccessToken } from './token.ts';
import { createWebBridge } from './web-bridge.ts';

// The renderer picks its transport itself: Electron's preload exposes window.pos; anywhere else (browser
// preview, e2e) we talk to the web host that served this page. Screens cannot tell which one they use.

declare global {
  interface Window {
    readonly pos?: PosBridge;
  }
}

export function pickBridge(win: Window): PosBridge {
  if (win.pos) return guardBridge(win.pos);
  const token = takeAccessToken({ location: win.location, storage: win.sessionStorage, history: win.history });
  return guardBridge(createWebBridge({ origin: win.location.origin, token }));
}

const BridgeContext = createContext<PosBridge | null>(null);

export function BridgeProvider({ bridge, children }: { bridge: PosBridge; children: ReactNode }) {
  return <BridgeContext value={bridge}>{children}</BridgeContext>;
}

export function useBridge(): PosBridge {
  const bridge = useContext(BridgeContext);
  if (!bridge) throw new Error('useBridge needs a <BridgeProvider> above it');
  return bridge;
}
