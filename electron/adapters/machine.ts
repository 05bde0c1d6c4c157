import { app, powerSaveBlocker, type BrowserWindow } from 'electron';
import type { MachineSettings } from '../../shared/device-settings.ts';
import { displayAwakeWanted, loginItemSettings } from '../core/machine/machine-rules.ts';

// Settings → This computer, applied: the login item, and the display kept awake while the cashier's window is
// in front (the rules: core/machine/machine-rules.ts).

export function applyLoginItem(settings: MachineSettings): void {
  const item = loginItemSettings({
    launchAtLogin: settings.launchAtLogin,
    platform: process.platform,
    packaged: app.isPackaged,
  });
  if (item) app.setLoginItemSettings(item);
}

/** Follows the window's focus and the setting; `recheck` after a settings change. Stops when the window closes. */
export function keepDisplayAwakeWhileInFront(window: BrowserWindow, setting: () => boolean): { recheck(): void } {
  let blocker: number | null = null;
  const recheck = (): void => {
    const wanted =
      !window.isDestroyed() &&
      displayAwakeWanted({
        setting: setting(),
        focused: window.isFocused(),
        visible: window.isVisible(),
        minimized: window.isMinimized(),
      });
    if (wanted && blocker === null) blocker = powerSaveBlocker.start('prevent-display-sleep');
    else if (!wanted && blocker !== null) {
      powerSaveBlocker.stop(blocker);
      blocker = null;
    }
  };
  window.on('focus', recheck);
  window.on('blur', recheck);
  window.on('show', recheck);
  window.on('hide', recheck);
  window.on('minimize', recheck);
  window.on('restore', recheck);
  window.on('closed', () => {
    if (blocker !== null) powerSaveBlocker.stop(blocker);
    blocker = null;
  });
  recheck();
  return { recheck };
}
