import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { notice } from '../../../shared/notices.ts';
import type { HoldView } from '../../../shared/customer-holds.ts';
import type { Locale } from '../../../shared/locales/index.ts';
import { createFakeBridge } from '../../test/fake-bridge.test-helper.ts';
import { renderWithBridge } from '../../test/render.test-helper.tsx';
import { HoldsSection } from './HoldsSection.tsx';
import { holdView } from './linked-views.test-helper.ts';

// The holds list and its form: why a hold is still being checked (or why the till stopped), the order id
// of a captured hold, and an amount that does not stay in the form to be held twice.

const hold = holdView;

function renderHolds(holds: HoldView[], bridge = createFakeBridge(), locale: Locale = 'en') {
  renderWithBridge(
    <HoldsSection merchantUserId="cust-42" holds={holds} currency="SGD" canPlace onChanged={() => undefined} />,
    bridge,
    locale,
  );
  return bridge;
}

const closed = { canCapture: false, canVoid: false, expiresAt: null } as const;

describe('holds list', () => {
  const ALICE = { id: 'alice', name: 'Alice Tan' };
  const BOB = { id: 'bob', name: 'Bob Lim' };
  const SUPERVISOR = { id: 'supervisor', name: 'Supervisor' };

  it('names who placed, captured or voided each hold, and who approved a capture with their PIN', () => {
    renderHolds([
      hold({
        displayStatus: 'captured',
        providerStatus: 'CAPTURED',
        takenBy: ALICE,
        approvedBy: SUPERVISOR,
        finishedBy: BOB,
        ...closed,
      }),
      hold({
        merchantRef: 'TILL-01-H20261122-BBBBBBBBBB',
        displayStatus: 'voided',
        providerStatus: 'VOIDED',
        takenBy: BOB,
        finishedBy: SUPERVISOR,
        ...closed,
      }),
      // Still open after a capture the wallet refused: the approval of that capture is not the hold's.
      hold({ merchantRef: 'TILL-01-H20261122-CCCCCCCCCC', takenBy: ALICE, approvedBy: SUPERVISOR, finishedBy: BOB }),
    ]);
    expect(screen.getByRole('columnheader', { name: 'Staff' })).toBeTruthy();
    const lines = screen.getAllByTestId('hold-staff').map((cell) => [...cell.children].map((line) => line.textContent));
    expect(lines).toEqual([
      ['Placed by Alice Tan', 'Captured by Bob Lim', 'Approved by Supervisor'],
      ['Placed by Bob Lim', 'Voided by Supervisor'],
      ['Placed by Alice Tan'],
    ]);
  });

  it('in Malay and Simplified Chinese too; no Staff column when nobody is named', () => {
    renderHolds(
      [hold({ displayStatus: 'voided', takenBy: ALICE, finishedBy: BOB, ...closed })],
      createFakeBridge(),
      'ms',
    );
    expect(screen.getByTestId('hold-staff').textContent).toBe('Dibuat oleh Alice TanDilepaskan oleh Bob Lim');
    cleanup();
    renderHolds(
      [hold({ displayStatus: 'captured', takenBy: ALICE, finishedBy: BOB, ...closed })],
      createFakeBridge(),
      'zh-Hans',
    );
    expect(screen.getByTestId('hold-staff').textContent).toBe('由 Alice Tan 创建由 Bob Lim 扣款');
    cleanup();
    renderHolds([hold({})]);
    expect(screen.queryByTestId('hold-staff')).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Staff' })).toBeNull();
  });

  it('a captured hold shows the wallet’s order id', () => {
    renderHolds([
      hold({
        displayStatus: 'captured',
        providerStatus: 'CAPTURED',
        orderUuid: '0b9c3c1e-7b61-4c59-9d57-5a0b6e0f1a11',
        ...closed,
      }),
    ]);
    const row = screen.getByTestId('hold-row');
    expect(within(row).getByTestId('hold-order').textContent).toBe('Order 0b9c3c1e-7b61-4c59-9d57-5a0b6e0f1a11');
  });

  it('a hold being checked says why; one whose checking stopped says "Stopped checking" (en and zh-HK)', () => {
    renderHolds([
      hold({
        merchantRef: 'TILL-01-H20261122-BBBBBBBBBB',
        displayStatus: 'capturing',
        unresolvedReason: notice('payments.error', { error: { code: 'network.timeout' } }),
        ...closed,
      }),
      hold({
        displayStatus: 'capturing',
        unresolvedReason: notice('stopped.hold-unknown'),
        ...closed,
      }),
    ]);
    const [checking, stopped] = screen.getAllByTestId('hold-row');
    expect(within(checking!).getByTestId('hold-unresolved').textContent).toBe(
      'Still checking: The provider did not answer in time. The payment is being checked.',
    );
    expect(within(stopped!).getByTestId('hold-unresolved').textContent).toBe(
      'Stopped checking: the provider does not know this hold (environment or merchant changed?); check it with the provider',
    );
    expect(within(stopped!).getByTestId('hold-unresolved').dataset.stopped).toBe('true');
    expect(within(stopped!).queryByTestId('hold-order')).toBeNull();
  });

  it('zh-HK: the stopped wording and its reason are translated; a reason journalled in English is shown as written', () => {
    renderHolds(
      [
        hold({ displayStatus: 'checking', unresolvedReason: notice('stopped.hold-unknown'), ...closed }),
        hold({
          merchantRef: 'TILL-01-H20261122-CCCCCCCCCC',
          displayStatus: 'checking',
          unresolvedReason: notice('stopped.recorded', { text: 'x; check it with the provider' }),
          ...closed,
        }),
      ],
      createFakeBridge(),
      'zh-HK',
    );
    expect(screen.getAllByTestId('hold-unresolved').map((cell) => cell.textContent)).toEqual([
      '已停止確認，請向支付商查核：支付商不認識此預授權（環境或商戶已更改？）',
      '已停止確認，請向支付商查核：x; check it with the provider',
    ]);
  });
});

describe('placing a hold', () => {
  function keyAmount(digits: string): void {
    const input = screen.getByTestId('hold-amount');
    fireEvent.keyDown(input, { key: 'Delete' });
    for (const digit of digits) fireEvent.keyDown(input, { key: digit });
  }

  it('clears the amount once the wallet has the hold, even while it is still approving it (PENDING), so it is not placed twice', async () => {
    const bridge = createFakeBridge();
    bridge.override('customers.placeHold', ({ amountMinor, currency }) => ({
      ok: true,
      value: hold({
        amount: { amountMinor, currency },
        displayStatus: 'pending',
        providerStatus: 'PENDING',
        ...closed,
      }),
    }));
    renderHolds([], bridge);
    keyAmount('1053');
    expect(screen.getByTestId('hold-submit').textContent).toBe('Place hold of S$10.53');
    fireEvent.click(screen.getByTestId('hold-submit'));
    expect((await screen.findByTestId('hold-result')).textContent).toBe(
      'Hold of S$10.53 sent; the wallet is still approving it.',
    );
    expect(screen.getByTestId('hold-submit').textContent).toBe('Place hold of S$0.00');
    // A second press now is refused on the till (no amount) before anything is sent.
    fireEvent.click(screen.getByTestId('hold-submit'));
    expect(bridge.callsTo('customers.placeHold')).toHaveLength(1);
  });

  it('keeps the amount after a declined hold (nothing is held; trying again is a deliberate new attempt)', async () => {
    const bridge = createFakeBridge();
    bridge.override('customers.placeHold', ({ amountMinor, currency }) => ({
      ok: true,
      value: hold({
        amount: { amountMinor, currency },
        displayStatus: 'declined',
        providerStatus: 'DECLINED',
        failureReason: 'INSUFFICIENT_FUNDS',
        ...closed,
      }),
    }));
    renderHolds([], bridge);
    keyAmount('1051');
    fireEvent.click(screen.getByTestId('hold-submit'));
    expect((await screen.findByTestId('hold-result')).dataset.tone).toBe('failure');
    expect(screen.getByTestId('hold-submit').textContent).toBe('Place hold of S$10.51');
  });
});
