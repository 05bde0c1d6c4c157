import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { App } from '../../App.tsx';
import { createFakeBridge } from '../../test/fake-bridge.test-helper.ts';
import { renderWithBridge } from '../../test/render.test-helper.tsx';

// Issue 39, first run: on the demo the Sale screen lists what a till needs before real sales, ticked from
// what is saved.

describe('till setup checklist', () => {
  it('ticks the admin PIN, sign-in and printer from the settings view, and leaves the rest to do', async () => {
    const bridge = createFakeBridge({ secrets: { adminPin: '2468' } });
    bridge.settings = {
      ...bridge.settings,
      staff: { ...bridge.settings.staff, signInRequired: false },
      printer: { ...bridge.settings.printer, kind: 'network' },
    };
    renderWithBridge(<App />, bridge);
    await screen.findByTestId('till-setup');
    expect(screen.getByTestId('till-setup-adminPin').dataset['done']).toBe('true');
    expect(screen.getByTestId('till-setup-printer').dataset['done']).toBe('true');
    expect(screen.getByTestId('till-setup-signIn').dataset['done']).toBe('false');
    expect(screen.getByTestId('till-setup-staff').dataset['done']).toBe('false');
    expect(screen.getByTestId('till-setup-provider').dataset['done']).toBe('false');
    expect(screen.getByTestId('till-setup-provider').textContent).toContain('provider’s merchant portal');
  });

  it('counts the people added, not the built-in Admin listed once its PIN is set', async () => {
    const bridge = createFakeBridge({ secrets: { adminPin: '2468' } });
    const member = (id: string, name: string, role: 'admin' | 'cashier') => ({
      id,
      name,
      role,
      active: true,
      hasPin: true,
      hasBadge: false,
    });
    bridge.override('staff.list', () => ({ ok: true, value: { staff: [member('admin', 'Admin', 'admin')] } }));
    const { unmount } = renderWithBridge(<App />, bridge);
    await screen.findByTestId('till-setup');
    await waitFor(() => expect(bridge.callsTo('staff.list').length).toBeGreaterThan(0));
    // The answer is in once the promise has run out.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByTestId('till-setup-staff').dataset['done']).toBe('false');
    unmount();

    bridge.override('staff.list', () => ({
      ok: true,
      value: { staff: [member('admin', 'Admin', 'admin'), member('staff-1', 'Raj Kumar', 'cashier')] },
    }));
    renderWithBridge(<App />, bridge);
    await waitFor(() => expect(screen.getByTestId('till-setup-staff').dataset['done']).toBe('true'));
  });

  it('is linked from the DEMO banner, and each step opens its section of Settings', async () => {
    const bridge = createFakeBridge();
    renderWithBridge(<App />, bridge);
    await screen.findByTestId('till-setup');
    expect(screen.getByTestId('demo-setup-link').textContent).toBe('Set up this till');
    fireEvent.click(screen.getByTestId('nav-payments'));
    fireEvent.click(screen.getByTestId('demo-setup-link'));
    await waitFor(() => expect(document.activeElement?.id).toBe('till-setup-title'));
    fireEvent.click(screen.getByTestId('till-setup-adminPin').querySelector('button')!);
    await waitFor(() => expect(screen.getByTestId('settings-panel-pins').hidden).toBe(false));
  });

  it('is not shown once the till is on a real environment', async () => {
    const bridge = createFakeBridge();
    bridge.settings = { ...bridge.settings, environment: 'provider-sandbox' };
    renderWithBridge(<App />, bridge);
    await screen.findByTestId('sale-screen');
    expect(screen.queryByTestId('till-setup')).toBeNull();
  });
});
