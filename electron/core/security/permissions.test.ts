import { describe, expect, it } from 'vitest';
import { PRODUCTION_APP_ORIGIN } from './app-origin.ts';
import { isPermissionAllowed } from './permissions.ts';

const ours = 'app://wallet-pos/';

describe('isPermissionAllowed', () => {
  it('allows the camera for our own page', () => {
    expect(
      isPermissionAllowed({ permission: 'media', requestingUrl: ours, mediaTypes: ['video'] }, PRODUCTION_APP_ORIGIN),
    ).toBe(true);
  });

  it('refuses the microphone, alone or with the camera', () => {
    expect(
      isPermissionAllowed({ permission: 'media', requestingUrl: ours, mediaTypes: ['audio'] }, PRODUCTION_APP_ORIGIN),
    ).toBe(false);
    expect(
      isPermissionAllowed(
        { permission: 'media', requestingUrl: ours, mediaTypes: ['video', 'audio'] },
        PRODUCTION_APP_ORIGIN,
      ),
    ).toBe(false);
  });

  it('refuses media with unknown or missing type', () => {
    expect(
      isPermissionAllowed({ permission: 'media', requestingUrl: ours, mediaTypes: ['unknown'] }, PRODUCTION_APP_ORIGIN),
    ).toBe(false);
    expect(
      isPermissionAllowed({ permission: 'media', requestingUrl: ours, mediaTypes: [] }, PRODUCTION_APP_ORIGIN),
    ).toBe(false);
    expect(isPermissionAllowed({ permission: 'media', requestingUrl: ours }, PRODUCTION_APP_ORIGIN)).toBe(false);
  });

  it.each(['https://evil.example/', 'app://wallet-pos.evil/', 'data:text/html,x', 'file:///x'])(
    'refuses the camera for %s',
    (url) => {
      expect(
        isPermissionAllowed({ permission: 'media', requestingUrl: url, mediaTypes: ['video'] }, PRODUCTION_APP_ORIGIN),
      ).toBe(false);
    },
  );

  it.each([
    'notifications',
    'geolocation',
    'clipboard-read',
    'clipboard-sanitized-write',
    'midi',
    'midiSysex',
    'hid',
    'serial',
    'usb',
    'openExternal',
    'pointerLock',
    'fullscreen',
    'display-capture',
    'idle-detection',
    'fileSystem',
  ])('refuses %s even for our own page', (permission) => {
    expect(isPermissionAllowed({ permission, requestingUrl: ours, mediaTypes: ['video'] }, PRODUCTION_APP_ORIGIN)).toBe(
      false,
    );
  });
});
