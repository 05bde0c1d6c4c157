import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CustomerChargeView } from '../../../shared/customers.ts';
import type { HoldView } from '../../../shared/customer-holds.ts';
import { createFakeBridge } from '../../test/fake-bridge.test-helper.ts';
import { renderWithBridge } from '../../test/render.test-helper.tsx';
import { chargeView, holdView } from '../customers/linked-views.test-helper.ts';
import { LinkedCustomerPayments } from './LinkedCustomerPayments.tsx';

// The day's linked-customer charges and holds on the Payments screen name who placed, approved, captured or
// voided them, as the Customers screen does; nobody named, no Staff column.

async function rowsOf(charges: CustomerChargeView[], holds: HoldView[]): Promise<HTMLElement[]> {
  const bridge = createFakeBridge();
  bridge.override('customers.ofDay', () => ({ ok: true, value: { charges, holds } }));
  renderWithBridge(<LinkedCustomerPayments day="2026-11-22" />, bridge);
  return screen.findAllByTestId('linked-payment-row');
}

describe('linked-customer payments on the Payments screen', () => {
  it('names who charged and approved, and who placed and voided a hold', async () => {
    const rows = await rowsOf(
      [chargeView({ takenBy: { id: 'ann', name: 'Ann Lee' }, approvedBy: { id: 'supervisor', name: 'Supervisor' } })],
      [
        holdView({
          displayStatus: 'voided',
          placedAt: '2026-11-22T09:00:00.000Z',
          takenBy: { id: 'ann', name: 'Ann Lee' },
          finishedBy: { id: 'sue', name: 'Sue Wong' },
        }),
      ],
    );
    expect(screen.getByRole('columnheader', { name: 'Staff' })).toBeTruthy();
    const lines = rows.map((row) =>
      [...within(row).getByTestId('linked-payment-staff').children].map((line) => line.textContent),
    );
    expect(lines).toEqual([
      ['Charged by Ann Lee', 'Approved by Supervisor'],
      ['Placed by Ann Lee', 'Voided by Sue Wong'],
    ]);
  });

  it('a till without sign-in names nobody: no Staff column', async () => {
    await rowsOf([chargeView()], [holdView()]);
    expect(screen.queryByRole('columnheader', { name: 'Staff' })).toBeNull();
  });
});
