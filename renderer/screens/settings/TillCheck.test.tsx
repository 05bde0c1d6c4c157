import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { App } from '../../App.tsx';
import { openCoreBridge } from '../../test/core-bridge.test-helper.ts';
import { renderWithBridge } from '../../test/render.test-helper.tsx';

// Check this till on a real core: the status bar offers it only when something is wrong, opens Settings → About,
// and each check is listed with its state in words.

describe('Check this till', () => {
  it('the status bar links to it when something is wrong; each check says in words how it is', async () => {
    const bridge = await openCoreBridge();
    renderWithBridge(<App />, bridge);
    await screen.findByTestId('status-provider');
    expect(screen.queryByTestId('status-check-till')).toBeNull();

    const status = await bridge.core.handlers['status.get']({});
    act(() =>
      bridge.emit('status.changed', { ...status, providerReachable: false, checkedAt: new Date().toISOString() }),
    );
    fireEvent.click(await screen.findByTestId('status-check-till'));
    const about = await screen.findByTestId('settings-panel-about');
    expect(about.hidden).toBe(false);

    fireEvent.click(within(about).getByTestId('till-check-run'));
    const provider = await screen.findByTestId('till-check-provider');
    expect(provider.dataset.ok).toBe('true');
    expect(provider.textContent).toMatch(/^Provider — Working: /);
    expect(screen.getByTestId('till-check-scanner').textContent).toContain('No read yet since the till started');
    expect(screen.getByTestId('till-check-chain').textContent).toMatch(/^Records you can prove — Working: /);
    expect(screen.getByTestId('till-check-summary').textContent).toBe('All 13 checks found nothing wrong.');
    expect(bridge.callsTo('health.check')).toEqual([{ devices: { scannerReadMsAgo: null, cameraDecoder: null } }]);
  });
});
