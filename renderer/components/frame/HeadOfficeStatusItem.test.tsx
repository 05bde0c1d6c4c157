import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { HeadOfficeStatus } from '../../../shared/head-office.ts';
import { App } from '../../App.tsx';
import { createFakeBridge, type FakeBridge } from '../../test/fake-bridge.test-helper.ts';
import { renderWithBridge } from '../../test/render.test-helper.tsx';

// The status bar's head-office line: "Head office: N waiting" while journal changes wait or it cannot be
// reached, nothing when all is sent or the head office is off, live from headOffice.changed.

const CONNECTED: HeadOfficeStatus = { state: 'connected', pendingEvents: 0, lastSentAt: null, problem: null };

function headOfficeTill(status: HeadOfficeStatus): FakeBridge {
  const bridge = createFakeBridge();
  bridge.settings = { ...bridge.settings, headOffice: { enabled: true, shopId: 'orchard' } };
  bridge.override('headOffice.status', () => ({ ok: true, value: status }));
  return bridge;
}

describe('status bar: head office', () => {
  it('says nothing while the head office is off, and does not ask', async () => {
    const bridge = createFakeBridge();
    renderWithBridge(<App />, bridge);
    await screen.findByTestId('status-pending');
    expect(screen.queryByTestId('status-head-office')).toBeNull();
    expect(bridge.callsTo('headOffice.status')).toEqual([]);
  });

  it('shows what waits, follows headOffice.changed, and stays while failing', async () => {
    const bridge = headOfficeTill({ ...CONNECTED, pendingEvents: 3 });
    renderWithBridge(<App />, bridge);
    const item = await screen.findByTestId('status-head-office');
    expect(item.textContent).toBe('Head office: 3 waiting');

    act(() => bridge.emit('headOffice.changed', { ...CONNECTED, lastSentAt: '2026-11-22T10:00:00.000Z' }));
    await waitFor(() => expect(screen.queryByTestId('status-head-office')).toBeNull());

    act(() => bridge.emit('headOffice.changed', { ...CONNECTED, state: 'failing', problem: 'unreachable' }));
    const failing = await screen.findByTestId('status-head-office');
    expect(failing.textContent).toBe('Head office: 0 waiting');
    expect(failing.className).toContain('status-warn');
    expect(failing.title).toBe('The head office does not answer: check the address, the port and the network.');

    act(() =>
      bridge.emit('headOffice.changed', { ...CONNECTED, state: 'failing', problem: 'unreachable', pendingEvents: 12 }),
    );
    await waitFor(() => expect(screen.getByTestId('status-head-office').textContent).toBe('Head office: 12 waiting'));
  });
});
