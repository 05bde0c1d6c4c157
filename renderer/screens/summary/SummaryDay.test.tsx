import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDay } from '../../../shared/receipt.ts';
import { App } from '../../App.tsx';
import { addDays } from '../../components/day.ts';
import { localDay } from '../../components/format.ts';
import { openCoreBridge } from '../../test/core-bridge.test-helper.ts';
import { createFakeBridge } from '../../test/fake-bridge.test-helper.ts';
import { renderWithBridge } from '../../test/render.test-helper.tsx';

// The day summary's day: shown and typed day first in the till's language, asked for as the ISO day, and the
// CSV export is of the day on screen.

describe('day summary: the day', () => {
  it('a day typed day-first is the day summarised and exported; Today comes back', async () => {
    const bridge = await openCoreBridge();
    renderWithBridge(<App />, bridge);
    fireEvent.click(await screen.findByTestId('nav-summary'));
    const today = localDay();
    await waitFor(() => expect(bridge.callsTo('payments.summary').at(-1)).toEqual({ day: today }));

    const lastWeek = addDays(today, -7);
    const field = screen.getByTestId('summary-day') as HTMLInputElement;
    fireEvent.change(field, { target: { value: formatDay(lastWeek, 'en') } });
    fireEvent.keyDown(field, { key: 'Enter' });
    await waitFor(() => expect(bridge.callsTo('payments.summary').at(-1)).toEqual({ day: lastWeek }));
    fireEvent.click(screen.getByTestId('export-csv'));
    await waitFor(() => expect(bridge.callsTo('payments.exportCsv')).toEqual([{ day: lastWeek }]));

    fireEvent.click(screen.getByTestId('summary-day-today'));
    await waitFor(() => expect(bridge.callsTo('payments.summary').at(-1)).toEqual({ day: today }));
    expect(field.value).toBe(formatDay(today, 'en'));
  });

  it('in Traditional Chinese the field, its buttons and a refused day read in Chinese; the day stays', async () => {
    const bridge = createFakeBridge();
    bridge.settings = { ...bridge.settings, locale: 'zh-HK' };
    renderWithBridge(<App />, bridge, 'zh-HK');
    fireEvent.click(await screen.findByTestId('nav-summary'));
    const today = localDay();
    const field = (await screen.findByLabelText('日期', { selector: 'input' })) as HTMLInputElement;
    expect(field.value).toBe(formatDay(today, 'zh-HK'));
    expect(screen.getByRole('button', { name: '前一日' })).toBeDefined();
    expect((screen.getByRole('button', { name: '後一日' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(field, { target: { value: '32/1/2026' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    expect((await screen.findByTestId('summary-day-problem')).textContent).toBe(
      '日曆上沒有 32/01/2026：請檢查日和月。',
    );
    expect(bridge.callsTo('payments.summary').every((call) => (call as { day: string }).day === today)).toBe(true);
  });
});
