import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ShopDay, ShopTill } from '../../../shared/head-office.ts';
import { formatDay } from '../../../shared/receipt.ts';
import { App } from '../../App.tsx';
import { addDays } from '../../components/day.ts';
import { localDay } from '../../components/format.ts';
import { createFakeBridge, type FakeBridge } from '../../test/fake-bridge.test-helper.ts';
import { renderWithBridge } from '../../test/render.test-helper.tsx';

// The Shop screen as the head office answers it: offered with the head office on to whoever may read an X
// report, the shop's day till by till (a till that has not reported is "missing", never S$0.00) with the shop's
// totals, the tills' heartbeat facts, and the Day summary's "The whole shop".

const COUNTER_1 = '0b6a4c1e-1111-4a3b-9c2d-000000000001';
const COUNTER_2 = '0b6a4c1e-2222-4a3b-9c2d-000000000002';

function shopDay(day: string): ShopDay {
  return {
    day,
    currency: 'SGD',
    tills: [
      {
        ...{ tillId: COUNTER_1, terminalReference: 'TILL-01', reported: true, online: true },
        ...{ grossMinor: 12_500, refundsMinor: 1_000, netMinor: 11_500, payments: 4 },
      },
      {
        ...{ tillId: COUNTER_2, terminalReference: 'TILL-02', reported: false, online: false },
        ...{ grossMinor: 0, refundsMinor: 0, netMinor: 0, payments: 0 },
      },
    ],
    totals: { grossMinor: 12_500, refundsMinor: 1_000, netMinor: 11_500, payments: 4 },
  };
}

const TILLS: readonly ShopTill[] = [
  {
    ...{ tillId: COUNTER_1, terminalReference: 'TILL-01', online: true, lastSeenAt: '2026-11-22T10:00:00.000Z' },
    ...{ version: '1.4.0', signedIn: 'Mei Ling', openShift: 7, unresolvedCount: 1, printerState: 'paper-out' },
  },
  {
    ...{ tillId: COUNTER_2, terminalReference: 'TILL-02', online: false, lastSeenAt: '2026-11-22T08:30:00.000Z' },
    ...{ version: '1.3.2', signedIn: null, openShift: null, unresolvedCount: 0, printerState: null },
  },
];

function headOfficeTill(): FakeBridge {
  const bridge = createFakeBridge();
  bridge.settings = { ...bridge.settings, headOffice: { enabled: true, shopId: 'orchard' } };
  bridge.override('shop.day', ({ day }) => ({ ok: true, value: shopDay(day) }));
  bridge.override('shop.tills', () => ({ ok: true, value: { tills: TILLS } }));
  return bridge;
}

describe('Shop screen: who is offered it', () => {
  it('is not in the nav while the head office is off', async () => {
    renderWithBridge(<App />, createFakeBridge());
    await screen.findByTestId('nav-summary');
    expect(screen.queryByTestId('nav-shop')).toBeNull();
  });

  it('is in the nav with the head office on; a cashier signed in is not offered it', async () => {
    const bridge = headOfficeTill();
    const view = renderWithBridge(<App />, bridge);
    await screen.findByTestId('nav-shop');
    view.unmount();

    const cashier = headOfficeTill();
    cashier.override('session.current', () => ({
      ok: true,
      value: { staff: { id: 'p-1', name: 'Wing', role: 'cashier' }, shift: null, signInRequired: false },
    }));
    renderWithBridge(<App />, cashier);
    expect((await screen.findByTestId('signed-in-as')).textContent).toContain('Wing');
    expect(screen.getByTestId('nav-summary')).toBeDefined();
    expect(screen.queryByTestId('nav-shop')).toBeNull();
  });
});

describe('Shop screen: the shop’s day and tills', () => {
  it('lists each till’s day, a till that has not reported as missing, and the shop’s totals', async () => {
    const bridge = headOfficeTill();
    renderWithBridge(<App />, bridge);
    fireEvent.click(await screen.findByTestId('nav-shop'));
    const table = await screen.findByTestId('shop-day');
    expect(bridge.callsTo('shop.day')).toEqual([{ day: localDay() }]);

    const [first, second] = within(table).getAllByTestId('shop-day-till');
    expect(first!.textContent).toBe('OnlineTILL-01S$125.00S$10.00S$115.004');
    expect(first!.dataset.online).toBe('true');
    expect(second!.dataset.reported).toBe('false');
    expect(second!.textContent).toBe('OfflineTILL-02Missing: not reported this day');
    expect(second!.textContent).not.toContain('S$0.00');
    const totals = within(table).getByTestId('shop-day-totals');
    expect(totals.textContent).toBe('Shop totalS$125.00S$10.00S$115.004');
  });

  it('asks for the day picked', async () => {
    const bridge = headOfficeTill();
    renderWithBridge(<App />, bridge);
    fireEvent.click(await screen.findByTestId('nav-shop'));
    await screen.findByTestId('shop-day');
    const lastWeek = addDays(localDay(), -7);
    const field = screen.getByTestId('shop-day-field');
    fireEvent.change(field, { target: { value: formatDay(lastWeek, 'en') } });
    fireEvent.keyDown(field, { key: 'Enter' });
    await waitFor(() => expect(bridge.callsTo('shop.day').at(-1)).toEqual({ day: lastWeek }));
    await waitFor(() => expect(screen.getByTestId('shop-day').dataset.day).toBe(lastWeek));
  });

  it('lists the tills from their heartbeat: online, signed in, shift, unresolved, printer, version', async () => {
    renderWithBridge(<App />, headOfficeTill());
    fireEvent.click(await screen.findByTestId('nav-shop'));
    const [first, second] = within(await screen.findByTestId('shop-tills')).getAllByTestId('shop-till');
    const cells = (row: HTMLElement) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent);
    expect(cells(first!)).toEqual([
      'TILL-01',
      expect.stringMatching(/^Online22\/11\/2026/),
      'Mei Ling',
      'No. 7',
      '1',
      'paper out',
      '1.4.0',
    ]);
    expect(cells(second!)).toEqual([
      'TILL-02',
      expect.stringMatching(/^Offline22\/11\/2026/),
      'Nobody',
      'None open',
      '0',
      'No printer',
      '1.3.2',
    ]);
  });

  it('in Traditional Chinese', async () => {
    const bridge = headOfficeTill();
    bridge.settings = { ...bridge.settings, locale: 'zh-HK' };
    renderWithBridge(<App />, bridge, 'zh-HK');
    fireEvent.click(await screen.findByRole('button', { name: '分店' }));
    const table = await screen.findByTestId('shop-day');
    expect(within(table).getAllByTestId('shop-day-till')[1]!.textContent).toBe('離線TILL-02欠缺：這天沒有報告');
    expect(within(table).getByTestId('shop-day-totals').textContent).toContain('分店合計');
  });
});

describe('Day summary: this till or the whole shop', () => {
  it('offers the whole shop with the head office on, which is the shop’s day for the day shown', async () => {
    const bridge = headOfficeTill();
    renderWithBridge(<App />, bridge);
    fireEvent.click(await screen.findByTestId('nav-summary'));
    await screen.findByTestId('summary-money');
    expect((screen.getByTestId('summary-scope-till') as HTMLInputElement).checked).toBe(true);
    expect(bridge.callsTo('shop.day')).toEqual([]);

    fireEvent.click(screen.getByLabelText('The whole shop'));
    const table = await screen.findByTestId('shop-day');
    expect(bridge.callsTo('shop.day')).toEqual([{ day: localDay() }]);
    expect(within(table).getByTestId('shop-day-totals').dataset.netMinor).toBe('11500');
    expect(screen.queryByTestId('summary-money')).toBeNull();
    expect(screen.queryByTestId('export-csv')).toBeNull();

    fireEvent.click(screen.getByLabelText('This till'));
    await screen.findByTestId('summary-money');
    expect(screen.queryByTestId('shop-day')).toBeNull();
  });

  it('offers no choice while the head office is off', async () => {
    renderWithBridge(<App />, createFakeBridge());
    fireEvent.click(await screen.findByTestId('nav-summary'));
    await screen.findByTestId('summary-money');
    expect(screen.queryByTestId('summary-scope')).toBeNull();
  });
});
