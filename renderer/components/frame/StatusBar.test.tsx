import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { App } from '../../App.tsx';
import { createFakeBridge } from '../../test/fake-bridge.test-helper.ts';
import { renderWithBridge } from '../../test/render.test-helper.tsx';
import { defaultMessage } from '../../../shared/errors.ts';
import { useAppStore } from '../../stores/app-store.ts';
import { StatusBar } from './StatusBar.tsx';

describe('status bar', () => {
  it('shows the status from status.get and follows status.changed events', async () => {
    const bridge = createFakeBridge({
      status: { providerReachable: true, clockSkewMs: 1200, pendingCount: 2, unresolvedCount: 0 },
    });
    renderWithBridge(<App />, bridge);

    const bar = await screen.findByTestId('status-bar');
    expect(bar).toHaveProperty('tagName', 'FOOTER');
    expect(screen.getByTestId('status-environment').textContent).toBe('Environment: Demo (embedded sandbox)');
    expect(screen.getByTestId('status-provider').textContent).toBe('Provider reachable');
    expect(screen.getByTestId('status-clock').textContent).toBe('Clock in sync (+1.2 s)');
    expect(screen.getByTestId('status-pending').textContent).toBe('Pending: 2');
    expect(screen.getByTestId('status-unresolved').textContent).toBe('Unresolved: 0');
    expect(screen.getByTestId('demo-banner').textContent).toContain('DEMO');

    act(() =>
      bridge.emit('status.changed', {
        ...bridge.status,
        providerReachable: false,
        clockSkewMs: -75_000,
        unresolvedCount: 3,
        checkedAt: '2026-11-22T10:05:00.000Z',
      }),
    );
    expect(screen.getByTestId('status-provider').textContent).toBe('Provider unreachable');
    expect(screen.getByTestId('status-clock').textContent).toBe('Clock off by −75.0 s: fix the system time');
    // Named by what it shows (WCAG 2.5.3, label in name); what it opens is its description.
    const unresolved = screen.getByRole('button', { name: 'Unresolved: 3' });
    const description = document.getElementById(unresolved.getAttribute('aria-describedby')!);
    expect(description?.textContent).toBe('Unresolved payments: 3. Open the list');
  });

  it('never lets an older snapshot replace a newer one', async () => {
    const bridge = createFakeBridge({ status: { pendingCount: 1, checkedAt: '2026-11-22T10:00:00.000Z' } });
    renderWithBridge(<App />, bridge);
    await screen.findByTestId('status-bar');
    act(() =>
      bridge.emit('status.changed', { ...bridge.status, pendingCount: 5, checkedAt: '2026-11-22T10:01:00.000Z' }),
    );
    act(() =>
      bridge.emit('status.changed', { ...bridge.status, pendingCount: 4, checkedAt: '2026-11-22T09:59:00.000Z' }),
    );
    expect(screen.getByTestId('status-pending').textContent).toBe('Pending: 5');
  });

  it('opens the Unresolved list from the count', async () => {
    const bridge = createFakeBridge({ status: { unresolvedCount: 1 } });
    renderWithBridge(<App />, bridge);
    fireEvent.click(await screen.findByTestId('status-unresolved'));
    expect(await screen.findByTestId('unresolved-screen')).toBeDefined();
    await waitFor(() => expect(bridge.callsTo('payments.unresolved')).toHaveLength(1));
  });

  it('shows the header from settings and a clear message when the bridge is down', async () => {
    const bridge = createFakeBridge();
    bridge.override('app.info', () => ({
      ok: false,
      error: { code: 'network.unreachable', message: "The till's payment service is not answering.", retryable: true },
    }));
    renderWithBridge(<App />, bridge);
    expect((await screen.findByTestId('bridge-error-message')).textContent).toBe(defaultMessage('network.unreachable'));
  });

  it("says in the scanner item when the camera reads with the slower fallback decoder, in the till's language", () => {
    for (const [locale, text] of [
      ['en', 'Camera: fast decoder did not load, using the slower built-in one'],
      ['zh-HK', '鏡頭：快速解碼器未能載入，現使用較慢的內置解碼器'],
    ] as const) {
      const view = renderWithBridge(<StatusBar />, createFakeBridge(), locale);
      const item = screen.getByTestId('status-scanner');
      expect(item.textContent).not.toContain(text);
      act(() => useAppStore.getState().setCameraDecoder('wasm'));
      expect(item.textContent).not.toContain(text);
      act(() => useAppStore.getState().setCameraDecoder('zxing-js'));
      expect(item.textContent).toContain(text);
      expect(item.getAttribute('data-camera-decoder')).toBe('zxing-js');
      view.unmount();
      useAppStore.setState({ cameraDecoder: null });
    }
  });
});
