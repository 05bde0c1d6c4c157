import { describe, expect, it } from 'vitest';
import { displayAwakeWanted, loginItemSettings } from './machine-rules.ts';

describe('the till’s computer', () => {
  it('sets the login item of an installed app on Windows and macOS, both ways, and nothing elsewhere', () => {
    expect(loginItemSettings({ launchAtLogin: true, platform: 'win32', packaged: true })).toEqual({
      openAtLogin: true,
    });
    expect(loginItemSettings({ launchAtLogin: false, platform: 'darwin', packaged: true })).toEqual({
      openAtLogin: false,
    });
    expect(loginItemSettings({ launchAtLogin: true, platform: 'linux', packaged: true })).toBeNull();
    expect(loginItemSettings({ launchAtLogin: true, platform: 'win32', packaged: false })).toBeNull();
  });

  it('keeps the display awake only while the till is in front and the setting is on', () => {
    const front = { setting: true, focused: true, visible: true, minimized: false };
    expect(displayAwakeWanted(front)).toBe(true);
    expect(displayAwakeWanted({ ...front, setting: false })).toBe(false);
    expect(displayAwakeWanted({ ...front, focused: false })).toBe(false);
    expect(displayAwakeWanted({ ...front, visible: false })).toBe(false);
    expect(displayAwakeWanted({ ...front, minimized: true })).toBe(false);
  });
});
