import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../shared/settings.ts';
import { settingsProblems } from '../settings/settings-problems.ts';

// Settings → Updates and → This computer: what a save accepts and refuses, next to the field.

const withUpdates = (updates: Record<string, unknown>, machine: Record<string, unknown> = {}) =>
  settingsProblems({
    ...structuredClone(DEFAULT_SETTINGS),
    updates: { ...DEFAULT_SETTINGS.updates, ...updates },
    machine: { ...DEFAULT_SETTINGS.machine, ...machine },
  });

describe('update and machine settings', () => {
  it('defaults to no feed, a 02:00–05:00 window, no login item and the screen kept on', () => {
    expect(DEFAULT_SETTINGS.updates).toEqual({ feedUrl: '', windowStart: '02:00', windowEnd: '05:00' });
    expect(DEFAULT_SETTINGS.machine).toEqual({ launchAtLogin: false, keepDisplayAwake: true });
    expect(withUpdates({}).problems).toEqual({});
  });

  it('accepts an https feed, or plain http on this computer, and a window across midnight', () => {
    for (const feedUrl of [
      'https://updates.example.com/wallet-pos/stable',
      'http://127.0.0.1:8080/feed',
      'http://localhost/feed',
    ])
      expect(withUpdates({ feedUrl }).problems).toEqual({});
    expect(
      withUpdates({ windowStart: '22:30', windowEnd: '04:00' }, { launchAtLogin: true }).settings?.updates,
    ).toEqual({
      feedUrl: '',
      windowStart: '22:30',
      windowEnd: '04:00',
    });
  });

  it('refuses a feed over plain http across the network, or that is no address', () => {
    expect(withUpdates({ feedUrl: 'http://updates.example.com/feed' }).problems).toEqual({
      'updates.feedUrl': { key: 'settings.https-or-local-or-empty' },
    });
    expect(withUpdates({ feedUrl: 'updates.example.com' }).problems['updates.feedUrl']).toBeDefined();
    expect(
      withUpdates({ feedUrl: 'https://user:secret@updates.example.com/' }).problems['updates.feedUrl'],
    ).toBeDefined();
  });

  it('refuses a time that is not HH:MM, and an empty window', () => {
    const { settings, problems } = withUpdates({ windowStart: '2:00', windowEnd: '24:00' });
    expect(settings).toBeNull();
    expect(Object.keys(problems).sort()).toEqual(['updates.windowEnd', 'updates.windowStart']);
    expect(withUpdates({ windowStart: '03:00', windowEnd: '03:00' }).problems).toEqual({
      'updates.windowEnd': { key: 'settings.value-invalid' },
    });
    expect(withUpdates({}, { keepDisplayAwake: 'yes' }).problems['machine.keepDisplayAwake']).toBeDefined();
  });
});
