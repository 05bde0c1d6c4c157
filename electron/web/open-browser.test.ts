import { describe, expect, it } from 'vitest';
import { planBrowserOpening, remoteAccessHint } from './open-browser.ts';

const URL_WITH_TOKEN = 'http://127.0.0.1:43210/#token=abc';

describe('planBrowserOpening', () => {
  it('opens with the desktop opener of each platform', () => {
    expect(planBrowserOpening(URL_WITH_TOKEN, 'darwin', {})).toEqual({
      kind: 'open',
      command: 'open',
      args: [URL_WITH_TOKEN],
    });
    expect(planBrowserOpening(URL_WITH_TOKEN, 'win32', {})).toMatchObject({ kind: 'open', command: 'cmd' });
    expect(planBrowserOpening(URL_WITH_TOKEN, 'linux', { DISPLAY: ':0' })).toEqual({
      kind: 'open',
      command: 'xdg-open',
      args: [URL_WITH_TOKEN],
    });
    expect(planBrowserOpening(URL_WITH_TOKEN, 'linux', { WAYLAND_DISPLAY: 'wayland-0' })).toMatchObject({
      kind: 'open',
    });
  });

  it('knows a Linux machine without a display cannot show a browser (server, SSH session, CI)', () => {
    expect(planBrowserOpening(URL_WITH_TOKEN, 'linux', { SSH_CONNECTION: '10.0.0.2 5000 10.0.0.1 22' })).toMatchObject({
      kind: 'no-display',
    });
  });
});

describe('remoteAccessHint', () => {
  it('gives an SSH tunnel with the same port on both ends and the URL to open', () => {
    const lines = remoteAccessHint(URL_WITH_TOKEN, 'no display').join('\n');
    expect(lines).toContain('ssh -N -L 43210:127.0.0.1:43210');
    expect(lines).toContain(URL_WITH_TOKEN);
    expect(lines).toContain('no display');
  });
});
