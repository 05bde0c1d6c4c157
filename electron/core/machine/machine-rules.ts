// The till's computer, decided without Electron (adapters/machine.ts applies it): whether the app starts with the
// user's session, and whether the display is kept awake now. Settings → Updates → This computer.

/**
 * What to pass to app.setLoginItemSettings, or null to leave the system's login items alone: Electron supports
 * them on Windows and macOS only, and an unpackaged app (a developer's `npm start`) would register the
 * Electron binary itself.
 */
export function loginItemSettings(facts: {
  readonly launchAtLogin: boolean;
  readonly platform: NodeJS.Platform;
  readonly packaged: boolean;
}): { readonly openAtLogin: boolean } | null {
  if (!facts.packaged || (facts.platform !== 'win32' && facts.platform !== 'darwin')) return null;
  return { openAtLogin: facts.launchAtLogin };
}

/**
 * Keep the display from sleeping only while the till is in front (focused, shown, not minimised): a shop's
 * screen must not go dark in front of a customer, but a till someone has put aside must not keep the
 * computer's screen on for nothing.
 */
export function displayAwakeWanted(facts: {
  readonly setting: boolean;
  readonly focused: boolean;
  readonly visible: boolean;
  readonly minimized: boolean;
}): boolean {
  return facts.setting && facts.focused && facts.visible && !facts.minimized;
}
