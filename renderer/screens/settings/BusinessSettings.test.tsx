import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { App } from '../../App.tsx';
import type { PosBridge } from '../../../shared/contract.ts';
import { openCoreBridge } from '../../test/core-bridge.test-helper.ts';
import { createFakeBridge } from '../../test/fake-bridge.test-helper.ts';
import { renderWithBridge } from '../../test/render.test-helper.tsx';

// Settings → Terminal → Business on the receipt: the registered name, address, tax number, prices with tax, rate.

async function openTerminal<B extends PosBridge>(bridge: B): Promise<B> {
  renderWithBridge(<App />, bridge, 'en');
  fireEvent.click(await screen.findByTestId('nav-settings'));
  fireEvent.click(await screen.findByRole('tab', { name: 'Terminal' }));
  return bridge;
}

describe('Settings → Terminal → Business on the receipt', () => {
  it('saves the business group with a rate of two decimals (a real core)', async () => {
    const bridge = await openTerminal(await openCoreBridge());
    fireEvent.change(screen.getByLabelText('Registered business name'), {
      target: { value: 'Harbour Bakery Pte Ltd' },
    });
    fireEvent.change(screen.getByLabelText('Registered address'), { target: { value: '1 Harbourfront Walk' } });
    fireEvent.change(screen.getByLabelText('Tax registration number'), { target: { value: 'M2-0123456-7' } });
    fireEvent.click(screen.getByLabelText('Prices include tax'));
    fireEvent.change(screen.getByLabelText('Tax rate (%)'), { target: { value: '8.25' } });
    fireEvent.click(screen.getByTestId('settings-save'));
    expect((await screen.findByTestId('settings-message')).textContent).toBe('Settings saved.');
    const saved = await bridge['settings.get']({});
    expect(saved.ok && saved.value.settings.business).toEqual({
      name: 'Harbour Bakery Pte Ltd',
      address: '1 Harbourfront Walk',
      taxNumber: 'M2-0123456-7',
      pricesIncludeTax: false,
      taxRatePercent: 8.25,
    });
  });

  it('does not save a rate that is not a number with at most two decimals, and says so', async () => {
    const bridge = await openTerminal(createFakeBridge());
    const rate = screen.getByLabelText('Tax rate (%)');
    fireEvent.change(rate, { target: { value: '8.255' } });
    const field = rate.closest('.field') as HTMLElement;
    expect(within(field).getByText('Enter a percent from 0 to 100, with at most two decimals.')).toBeDefined();
    fireEvent.click(screen.getByTestId('settings-save'));
    expect(bridge.callsTo('settings.save')).toEqual([]);
  });
});
