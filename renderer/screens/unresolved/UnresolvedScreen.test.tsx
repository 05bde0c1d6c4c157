import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { App } from '../../App.tsx';
import { createFakeBridge, paymentView } from '../../test/fake-bridge.ts';
import { renderWithBridge } from '../../test/render.tsx';

// The unresolved list as the cashier sees it: one row per payment, the same number as the status bar, and a
// reason on every row — also for a paid payment that is listed because its refund is still being checked.

const REFUND_REASON = 'Refund of S$5.00 is being checked: The provider does not show this refund yet; a slow request could still arrive.';

describe('unresolved list', () => {
  it('shows why a paid payment with a refund being checked is listed, one row for the one count', async () => {
    const bridge = createFakeBridge({ status: { unresolvedCount: 2 } });
    const refunding = paymentView({
      referenceId: 'REF-UNRES-0001',
      state: 'final',
      providerStatus: 'CAPTURED',
      displayStatus: 'paid',
      canCancel: false,
      unresolvedReason: REFUND_REASON,
    });
    const checking = paymentView({ referenceId: 'REF-UNRES-0002', state: 'checking', providerStatus: null, displayStatus: 'checking', unresolvedReason: 'Checking with the provider: timeout' });
    bridge.override('payments.unresolved', () => ({ ok: true, value: [refunding, checking] }));
    renderWithBridge(<App />, bridge);

    const count = await screen.findByTestId('status-unresolved');
    expect(count.textContent).toBe('Unresolved: 2');
    fireEvent.click(count);
    await waitFor(() => expect(screen.getAllByTestId('unresolved-row')).toHaveLength(2));
    const reasons = screen.getAllByTestId('unresolved-reason').map((cell) => cell.textContent);
    expect(reasons).toEqual([REFUND_REASON, 'Checking with the provider: timeout']);
    expect(reasons).not.toContain('—');
  });
});
