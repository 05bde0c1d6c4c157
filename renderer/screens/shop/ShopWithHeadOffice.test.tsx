import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { App } from '../../App.tsx';
import { openCoreBridge } from '../../test/core-bridge.test-helper.ts';
import { postgresForThisFile } from '../../test/postgres.test-helper.ts';
import { renderWithBridge } from '../../test/render.test-helper.tsx';

// The screens against the real core and a real PostgreSQL: an admin connects the till in Settings → Head office
// (Test connection first, then Save); Settings says it is connected, the Shop screen is offered and lists this
// till from the head office, its day at zero, then with its sale.

const postgres = postgresForThisFile();

describe('Head office, real core and PostgreSQL', () => {
  it('connect in Settings, then the Shop screen lists this till and its day, then its sale', async () => {
    const bridge = await openCoreBridge({ settings: { terminalReference: 'TILL-01' } });
    renderWithBridge(<App />, bridge);
    await screen.findByTestId('nav-summary');
    expect(screen.queryByTestId('nav-shop')).toBeNull();

    fireEvent.click(screen.getByTestId('nav-settings'));
    fireEvent.click(await screen.findByTestId('settings-tab-headOffice'));
    const panel = screen.getByTestId('settings-panel-headOffice');
    fireEvent.change(within(panel).getByTestId('settings-headOfficeUrl'), { target: { value: postgres.url } });
    fireEvent.click(within(panel).getByTestId('head-office-test'));
    const result = await within(panel).findByTestId('head-office-test-result', {}, { timeout: 15_000 });
    expect(result.textContent).toMatch(/Server: PostgreSQL \d+/);
    expect(result.dataset.problem).not.toBe('unreachable');

    fireEvent.click(within(panel).getByTestId('settings-headOffice-enabled'));
    fireEvent.change(within(panel).getByTestId('settings-headOffice-shopId'), { target: { value: 'orchard' } });
    fireEvent.click(screen.getByTestId('settings-save'));
    await screen.findByTestId('settings-message');
    expect((await bridge.settingsNow()).headOffice).toEqual({ enabled: true, shopId: 'orchard' });
    await waitFor(() => expect(within(panel).getByTestId('head-office-state').dataset.state).toBe('connected'), {
      timeout: 15_000,
    });
    expect(within(panel).getByTestId('secret-status-headOfficeUrl').textContent).toBe('saved');
    const tillId = within(panel).getByTestId('head-office-till-id').textContent;

    fireEvent.click(await screen.findByTestId('nav-shop'));
    const till = await screen.findByTestId('shop-till', {}, { timeout: 15_000 });
    expect(till.dataset.tillId).toBe(tillId);
    expect(till.dataset.online).toBe('true');
    expect(within(till).getAllByRole('rowheader')[0]!.textContent).toBe('TILL-01');
    // The till reports its own day as soon as it is connected: nothing sold yet is a reported zero, not missing.
    const dayRow = await screen.findByTestId('shop-day-till');
    expect(dayRow.dataset.tillId).toBe(tillId);
    expect(dayRow.dataset.reported).toBe('true');
    expect(dayRow.dataset.netMinor).toBe('0');

    await bridge.paidPayment(1850);
    // The screen reads again when this till's head-office status changes (its batch went through).
    await waitFor(() => expect(screen.getByTestId('shop-day-till').dataset.netMinor).toBe('1850'), {
      timeout: 15_000,
    });
    expect(screen.getByTestId('shop-day-totals').dataset.netMinor).toBe('1850');
    expect(screen.queryByTestId('status-head-office')).toBeNull();
  });
});
