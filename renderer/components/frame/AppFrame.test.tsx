import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { App } from '../../App.tsx';
import { openCoreBridge } from '../../test/core-bridge.test-helper.ts';
import { createFakeBridge } from '../../test/fake-bridge.test-helper.ts';
import { renderWithBridge } from '../../test/render.test-helper.tsx';

describe('app frame by terminal mode', () => {
  it('cashier: header with merchant and terminal, navigation to every screen, Sale first', async () => {
    renderWithBridge(<App />, createFakeBridge());
    expect(await screen.findByTestId('sale-screen')).toBeDefined();
    expect(screen.getByTestId('merchant-name').textContent).toBe('Demo Coffee Bar');
    expect(screen.getByTestId('terminal-id').textContent).toBe('Terminal POS-1 · TILL-01');
    const nav = screen.getByRole('navigation', { name: 'Screens' });
    expect([...nav.querySelectorAll('button')].map((b) => b.textContent)).toEqual([
      'Sale',
      'Payments',
      'Refund',
      'Customers',
      'Unresolved',
      'Day summary',
      'Settings',
    ]);
    expect(screen.getByTestId('nav-sale').getAttribute('aria-current')).toBe('page');
  });

  it('refund counter: starts on Refund and offers no Sale', async () => {
    const bridge = createFakeBridge();
    bridge.settings = { ...bridge.settings, mode: 'refund-counter' };
    renderWithBridge(<App />, bridge);
    expect(await screen.findByTestId('refund-screen')).toBeDefined();
    expect(screen.queryByTestId('nav-sale')).toBeNull();
    expect(screen.getByTestId('nav-customers')).toBeDefined();
  });

  it('kiosk: no navigation in front of the customer; Admin leads to the PIN-protected settings', async () => {
    renderWithBridge(<App />, await openCoreBridge({ settings: { mode: 'kiosk' }, secrets: { adminPin: '864209' } }));
    await screen.findByTestId('kiosk-attract');
    expect(screen.queryByRole('navigation')).toBeNull();
    fireEvent.click(screen.getByTestId('kiosk-admin'));
    expect(await screen.findByTestId('settings-locked')).toBeDefined();
    expect(screen.queryByRole('navigation')).toBeNull();
    fireEvent.click(screen.getByTestId('admin-pin-back'));
    await screen.findByTestId('kiosk-attract');
    fireEvent.click(screen.getByTestId('kiosk-admin'));
    await screen.findByTestId('settings-locked');
    fireEvent.change(screen.getByLabelText('Admin PIN'), { target: { value: '864209' } });
    fireEvent.click(screen.getByTestId('admin-unlock'));
    await screen.findByTestId('settings-screen');
    fireEvent.click(screen.getByTestId('nav-payments'));
    expect(await screen.findByTestId('payments-screen')).toBeDefined();
    fireEvent.click(screen.getByTestId('nav-sale'));
    await screen.findByTestId('kiosk-attract');
    expect(screen.queryByRole('navigation')).toBeNull();
    fireEvent.click(screen.getByTestId('kiosk-admin'));
    expect(await screen.findByTestId('settings-locked')).toBeDefined();
  });

  it('shows the customer display link only in the browser preview', async () => {
    renderWithBridge(<App />, createFakeBridge({ info: { transport: 'electron' } }));
    await screen.findByTestId('sale-screen');
    expect(screen.queryByTestId('open-customer-display')).toBeNull();
  });
});
