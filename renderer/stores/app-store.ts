import { create } from 'zustand';
import type { AppInfo, StatusSnapshot } from '../../shared/status.ts';
import type { SettingsView } from '../../shared/settings.ts';
import type { DecoderKind } from '../scanning/frame-decoders.ts';
import type { Screen } from './navigation.ts';

// What the frame knows about the terminal: app info, settings (without secrets), the status snapshot, the
// screen on show, and a short notice line. Filled from the contract and kept current by its events.

export interface Notice {
  readonly id: number;
  readonly text: string;
  readonly tone: 'info' | 'error';
}

export interface AppState {
  readonly info: AppInfo | null;
  readonly settingsView: SettingsView | null;
  readonly status: StatusSnapshot | null;
  readonly screen: Screen;
  readonly notice: Notice | null;
  /** performance.now() of the last recognised USB-scanner code, for the status bar. */
  readonly scannerSeenAt: number | null;
  /** Which decoder the camera last read frames with (null before the camera first started), for the status bar. */
  readonly cameraDecoder: DecoderKind | null;
  /**
   * The admin PIN was accepted (settings.verifyPin): open across screens until 5 minutes pass without a touch
   * or a key (use-admin-idle-lock), like main's own admin window; a kiosk also locks in front of a customer.
   */
  readonly adminUnlocked: boolean;
  setInfo(info: AppInfo): void;
  setSettingsView(view: SettingsView): void;
  setStatus(status: StatusSnapshot): void;
  navigate(screen: Screen): void;
  showNotice(text: string, tone?: Notice['tone']): void;
  clearNotice(): void;
  markScannerSeen(at: number): void;
  setCameraDecoder(kind: DecoderKind): void;
  unlockAdmin(): void;
  lockAdmin(): void;
}

const INITIAL = {
  info: null,
  settingsView: null,
  status: null,
  screen: { name: 'sale' } as Screen,
  notice: null,
  scannerSeenAt: null,
  cameraDecoder: null as DecoderKind | null,
  adminUnlocked: false,
};

/** Screens a kiosk customer sees. */
export const CUSTOMER_FACING: ReadonlySet<Screen['name']> = new Set(['sale', 'charging', 'payment', 'scan']);

let noticeId = 0;

export const useAppStore = create<AppState>()((set) => ({
  ...INITIAL,
  setInfo: (info) => set({ info }),
  setSettingsView: (settingsView) => set({ settingsView }),
  setStatus: (status) =>
    set((state) => {
      // Events and replies can cross: never let an older snapshot replace a newer one.
      if (state.status?.checkedAt && status.checkedAt && status.checkedAt < state.status.checkedAt) return {};
      return { status };
    }),
  navigate: (screen) =>
    set((state) => {
      // The admin unlock lasts across screens (its idle time ends it), except that a kiosk locks again as
      // soon as it is back in front of a customer.
      const kiosk = (state.settingsView?.settings.mode ?? state.info?.mode) === 'kiosk';
      const keep = !kiosk || !CUSTOMER_FACING.has(screen.name);
      return { screen, notice: null, adminUnlocked: keep && state.adminUnlocked };
    }),
  showNotice: (text, tone = 'info') => set({ notice: { id: ++noticeId, text, tone } }),
  clearNotice: () => set({ notice: null }),
  markScannerSeen: (scannerSeenAt) => set({ scannerSeenAt }),
  setCameraDecoder: (cameraDecoder) => set({ cameraDecoder }),
  unlockAdmin: () => set({ adminUnlocked: true }),
  lockAdmin: () => set({ adminUnlocked: false }),
}));

export function resetAppStore(): void {
  useAppStore.setState(INITIAL);
}
