import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { App } from '../../App.tsx';
import { PaymentDetailScreen } from '../payments/PaymentDetailScreen.tsx';
import { createFakeBridge, paymentView } from '../../test/fake-bridge.test-helper.ts';
import { renderWithBridge } from '../../test/render.test-helper.tsx';

// Settings → Devices → Receipt printer, and the printer's state in the status bar.

async function openDevices(bridge = createFakeBridge(), locale: 'en' | 'zh-HK' = 'en', tab = 'Devices') {
  renderWithBridge(<App />, bridge, locale);
  fireEvent.click(await screen.findByTestId('nav-settings'));
  fireEvent.click(await screen.findByRole('tab', { name: tab }));
  return bridge;
}

describe('Settings → Devices → Receipt printer', () => {
  it('sets a network ESC/POS printer and prints a test page with the form’s printer, showing its answer', async () => {
    const bridge = createFakeBridge();
    bridge.override('printer.testPage', () => ({
      ok: true,
      value: { printed: true, before: 'ready', after: 'ready', answer: '12 12 12 12 12 12' },
    }));
    await openDevices(bridge);
    const section = screen.getByTestId('settings-printer');
    expect(within(section).queryByTestId('settings-printer-test')).toBeNull();
    fireEvent.change(within(section).getByLabelText('Printer'), { target: { value: 'network' } });
    fireEvent.change(within(section).getByLabelText('Printer address (IP or name)'), {
      target: { value: '192.0.2.40' },
    });
    fireEvent.change(within(section).getByLabelText('Paper width'), { target: { value: '58' } });
    expect(within(section).getByText(/Big5 for Traditional Chinese, GB18030 for Simplified Chinese/)).toBeTruthy();
    // A printer without Chinese gets pictures; the choice says which printers need which.
    const printAs = within(section).getByLabelText('Print receipts') as HTMLSelectElement;
    expect(printAs.value).toBe('text');
    expect([...printAs.options].map((option) => option.textContent)).toEqual([
      'As text (the printer’s own font and code page)',
      'As a picture (for a printer without Chinese)',
    ]);
    fireEvent.change(printAs, { target: { value: 'picture' } });
    expect(within(section).getByText(/The test page prints its Chinese both ways/)).toBeTruthy();
    fireEvent.click(within(section).getByTestId('settings-printer-test'));
    const result = await screen.findByTestId('settings-printer-test-result');
    expect(result.textContent).toContain('The test page was printed.');
    expect(result.textContent).toContain('12 12 12 12 12 12');
    // The form's printer, not yet saved.
    expect(bridge.callsTo('printer.testPage')).toEqual([
      {
        printer: {
          kind: 'network',
          host: '192.0.2.40',
          port: 9100,
          path: '',
          widthMm: 58,
          printAs: 'picture',
          drawerOnMs: 0,
          drawerOffMs: 200,
        },
      },
    ]);
  });

  it('says in words when the test page found the cover open (zh-HK)', async () => {
    const bridge = createFakeBridge();
    bridge.settings = {
      ...bridge.settings,
      locale: 'zh-HK',
      printer: { ...bridge.settings.printer, kind: 'network', host: '192.0.2.40' },
    };
    bridge.override('printer.testPage', () => ({
      ok: true,
      value: { printed: false, before: 'cover-open', after: null, answer: '1a 16 12' },
    }));
    await openDevices(bridge, 'zh-HK', '裝置');
    fireEvent.click(screen.getByTestId('settings-printer-test'));
    const result = await screen.findByTestId('settings-printer-test-result');
    expect(result.textContent).toContain('測試頁未有列印。');
    expect(result.textContent).toContain('列印前：機蓋打開');
  });
});

describe('the status bar', () => {
  it('shows the ESC/POS printer’s state in words, and nothing for the system printer', async () => {
    const bridge = createFakeBridge({
      status: { printer: { state: 'paper-out', checkedAt: '2026-11-27T10:00:00.000Z' } },
    });
    renderWithBridge(<App />, bridge);
    const item = await screen.findByTestId('status-printer');
    expect(item.textContent).toBe('Printer: paper out');
    expect(item.getAttribute('role')).toBe('alert');
    bridge.status = { ...bridge.status, printer: { state: 'ready', checkedAt: '2026-11-27T10:01:00.000Z' } };
    bridge.emit('status.changed', bridge.status);
    await waitFor(() => expect(screen.getByTestId('status-printer').textContent).toBe('Printer: ready'));
    const { printer: _printer, ...withoutPrinter } = bridge.status;
    bridge.emit('status.changed', withoutPrinter);
    await waitFor(() => expect(screen.queryByTestId('status-printer')).toBeNull());
  });
});

describe('the receipt button', () => {
  it('says what to do when the ESC/POS printer is out of paper, in the till’s language', async () => {
    const bridge = createFakeBridge();
    const referenceId = 'POS1-20261122-0007';
    bridge.payments.set(
      referenceId,
      paymentView({ referenceId, state: 'final', providerStatus: 'CAPTURED', displayStatus: 'paid', canRefund: true }),
    );
    bridge.override('receipts.print', () => ({
      ok: false,
      error: { code: 'printer.paper-out', message: 'for the log', retryable: false },
    }));
    renderWithBridge(<PaymentDetailScreen referenceId={referenceId} />, bridge, 'zh-HK');
    fireEvent.click(await screen.findByTestId('detail-reprint'));
    expect((await screen.findByTestId('detail-reprint-error')).textContent).toContain(
      '收據打印機沒有紙。請放入新紙卷，然後再按「列印」。',
    );
  });
});
