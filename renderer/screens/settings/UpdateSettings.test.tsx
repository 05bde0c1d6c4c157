import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { UpdateStatus } from '../../../shared/updates.ts';
import { App } from '../../App.tsx';
import { openCoreBridge } from '../../test/core-bridge.test-helper.ts';
import { createFakeBridge, failure } from '../../test/fake-bridge.test-helper.ts';
import { renderWithBridge } from '../../test/render.test-helper.tsx';

// Settings → Updates: the version, the one waiting and when it installs, why it waits, a failure that kept the
// running version, and "Restart to update" refused in words while a payment is open.

const WAITING: UpdateStatus = {
  runningVersion: '1.4.2',
  phase: 'ready',
  feedUrl: 'https://updates.example.com/wallet-pos/stable',
  window: { start: '02:00', end: '05:00' },
  lastCheckedAt: '2026-11-27T06:00:00.000Z',
  nextCheckAt: '2099-11-28T06:00:00.000Z',
  offered: { version: '1.5.0', releaseDate: '2026-11-20T09:00:00.000Z', stagingPercentage: null, verdict: 'take' },
  waiting: { version: '1.5.0', releaseDate: '2026-11-20T09:00:00.000Z' },
  installAt: '2099-11-28T02:00:00.000Z',
  insideWindow: false,
  heldBy: 'payment-open',
  problem: null,
};

async function openUpdates(
  bridge: ReturnType<typeof createFakeBridge>,
  locale: 'en' | 'zh-HK' = 'en',
  tab = 'Updates',
) {
  bridge.settings = { ...bridge.settings, locale };
  renderWithBridge(<App />, bridge, locale);
  fireEvent.click(await screen.findByTestId('nav-settings'));
  fireEvent.click(await screen.findByRole('tab', { name: tab }));
}

describe('Settings → Updates', () => {
  it('shows the running version, the one waiting, when it installs and what holds it', async () => {
    const bridge = createFakeBridge();
    bridge.override('updates.status', () => ({ ok: true, value: WAITING }));
    await openUpdates(bridge);
    expect((await screen.findByTestId('settings-update-running')).textContent).toBe('This till runs version 1.4.2.');
    const waiting = screen.getByTestId('settings-update-waiting').textContent ?? '';
    expect(waiting).toContain('Version 1.5.0 is downloaded and checked.');
    expect(waiting).toContain('It installs by itself at 28/11/2099');
    expect(screen.getByTestId('settings-update-held').textContent).toBe('Waiting: a payment is still open.');
  });

  it('says in words why Restart to update is refused while a payment is open', async () => {
    const bridge = createFakeBridge();
    bridge.override('updates.status', () => ({ ok: true, value: WAITING }));
    bridge.override('updates.installNow', () => failure('updates.payment-open'));
    await openUpdates(bridge);
    fireEvent.click(await screen.findByTestId('settings-update-restart'));
    const error = await screen.findByTestId('settings-update-error');
    expect(error.getAttribute('data-error-code')).toBe('updates.payment-open');
    expect(error.textContent).toContain('A payment is still open on this till.');
    expect(bridge.callsTo('updates.installNow')).toHaveLength(1);
  });

  it('says that a refused download left the running version (zh-HK)', async () => {
    const bridge = createFakeBridge();
    bridge.override('updates.status', () => ({
      ok: true,
      value: {
        ...WAITING,
        phase: 'idle',
        waiting: null,
        installAt: null,
        heldBy: null,
        problem: { stage: 'verify', version: '1.5.0', at: '2026-11-27T06:00:00.000Z' },
      },
    }));
    await openUpdates(bridge, 'zh-HK', '更新');
    const problem = await screen.findByTestId('settings-update-problem');
    expect(problem.textContent).toContain('已拒絕版本 1.5.0');
    expect(problem.textContent).toContain('繼續執行版本 1.4.2');
    expect(screen.queryByTestId('settings-update-restart')).toBeNull();
  });

  it('saves the feed and the window through the real core, and refuses plain http across the network', async () => {
    const bridge = await openCoreBridge();
    renderWithBridge(<App />, bridge);
    fireEvent.click(await screen.findByTestId('nav-settings'));
    fireEvent.click(await screen.findByRole('tab', { name: 'Updates' }));
    // The browser preview cannot install: the real core says so.
    await waitFor(() =>
      expect(screen.getByTestId('settings-update-phase').textContent).toBe(
        'Updates install in the app only, not when the till runs in a browser.',
      ),
    );
    fireEvent.change(screen.getByTestId('settings-updates-feedUrl'), {
      target: { value: 'http://updates.example.com/' },
    });
    fireEvent.change(screen.getByTestId('settings-updates-windowStart'), { target: { value: '22:30' } });
    fireEvent.change(screen.getByTestId('settings-updates-windowEnd'), { target: { value: '04:00' } });
    fireEvent.click(screen.getByTestId('settings-machine-launchAtLogin'));
    fireEvent.click(screen.getByTestId('settings-save'));
    await waitFor(() =>
      expect(screen.getByTestId('settings-updates-feedUrl').getAttribute('aria-invalid')).toBe('true'),
    );
    expect((await bridge.settingsNow()).updates.feedUrl).toBe('');
    fireEvent.change(screen.getByTestId('settings-updates-feedUrl'), {
      target: { value: 'https://updates.example.com/wallet-pos/stable' },
    });
    fireEvent.click(screen.getByTestId('settings-save'));
    await waitFor(async () => {
      const saved = await bridge.settingsNow();
      expect(saved.updates).toEqual({
        feedUrl: 'https://updates.example.com/wallet-pos/stable',
        windowStart: '22:30',
        windowEnd: '04:00',
      });
      expect(saved.machine).toEqual({ launchAtLogin: true, keepDisplayAwake: true });
    });
  });
});
