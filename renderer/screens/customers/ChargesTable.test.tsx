import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CustomerChargeView } from '../../../shared/customers.ts';
import { notice } from '../../../shared/notices.ts';
import { createFakeBridge } from '../../test/fake-bridge.test-helper.ts';
import { renderWithBridge } from '../../test/render.test-helper.tsx';
import { ChargesTable } from './ChargesTable.tsx';
import { chargeView } from './linked-views.test-helper.ts';

// The charges list: why a charge is still being checked (or why the till stopped checking it), and the
// wallet's order id of an approved one.

const STOPPED = notice('stopped.too-late', { minutes: 15 });

const charge = chargeView;

function row(charges: CustomerChargeView[], locale: 'en' | 'zh-HK' = 'en'): HTMLElement {
  renderWithBridge(<ChargesTable charges={charges} />, createFakeBridge(), locale);
  return screen.getByTestId('charge-row');
}

describe('charges table', () => {
  it('names who charged and who approved with their PIN; the built-in Supervisor as their role word', () => {
    const named = row([
      charge({ takenBy: { id: 'alice', name: 'Alice Tan' }, approvedBy: { id: 'supervisor', name: 'Supervisor' } }),
    ]);
    expect(screen.getByRole('columnheader', { name: 'Staff' })).toBeTruthy();
    const lines = within(named).getByTestId('charge-staff');
    expect([...lines.children].map((line) => line.textContent)).toEqual([
      'Charged by Alice Tan',
      'Approved by Supervisor',
    ]);
  });

  it('in Traditional Chinese the approver’s role word is the language’s', () => {
    const named = row(
      [charge({ takenBy: { id: 'alice', name: 'Alice Tan' }, approvedBy: { id: 'supervisor', name: 'Supervisor' } })],
      'zh-HK',
    );
    expect(within(named).getByTestId('charge-staff').textContent).toBe('由 Alice Tan 收款由 主管 批准');
  });

  it('a till without sign-in names nobody: no Staff column', () => {
    const plain = row([charge({})]);
    expect(screen.queryByRole('columnheader', { name: 'Staff' })).toBeNull();
    expect(within(plain).queryByTestId('charge-staff')).toBeNull();
  });

  it('a checking charge says what the till ran into, in the cashier’s words', () => {
    const checking = row([
      charge({
        displayStatus: 'checking',
        unresolvedReason: notice('payments.error', { error: { code: 'network.unreachable' } }),
      }),
    ]);
    const reason = within(checking).getByTestId('charge-unresolved');
    expect(reason.textContent).toBe('Still checking: The provider cannot be reached. Check the network connection.');
    expect(reason.dataset.stopped).toBe('false');
    expect(within(checking).queryByTestId('charge-order')).toBeNull();
  });

  it('a charge whose checking stopped says so plainly, without the internal prefix', () => {
    const stopped = row([charge({ displayStatus: 'checking', unresolvedReason: STOPPED })]);
    const reason = within(stopped).getByTestId('charge-unresolved');
    expect(reason.textContent).toBe(
      'Stopped checking: not re-sent more than 15 minutes after it was first sent, so it cannot charge the customer late; check it with the provider',
    );
    expect(reason.dataset.stopped).toBe('true');
    expect(stopped.textContent).not.toContain('stopped: ');
  });

  it('in Traditional Chinese too, the reason included', () => {
    const stopped = row([charge({ displayStatus: 'checking', unresolvedReason: STOPPED })], 'zh-HK');
    expect(within(stopped).getByTestId('charge-unresolved').textContent).toBe(
      '已停止確認，請向支付商查核：首次送出超過 15 分鐘後不會再自動重新送出，以免延後向顧客收款',
    );
  });

  it('a re-send the provider refused says why in the cashier’s language, not the core’s English', () => {
    const refused = notice('stopped.resend-refused', {
      error: { code: 'request.invalid', notice: notice('provider.action-conflict') },
    });
    const stopped = row([charge({ displayStatus: 'checking', unresolvedReason: refused })], 'zh-HK');
    expect(within(stopped).getByTestId('charge-unresolved').textContent).toBe(
      '已停止確認，請向支付商查核：支付商拒絕了重新送出（支付商表示此操作已不適用於此預授權或付款。請檢查其狀態。）',
    );
  });

  it('an approved charge shows the wallet’s order id; a rejected one its reason and no order', () => {
    renderWithBridge(
      <ChargesTable
        charges={[
          charge({ merchantRef: 'TILL-01-C20261122-BBBBBBBBBB', orderUuid: '0b9c3c1e-7b61-4c59-9d57-5a0b6e0f1a11' }),
          charge({
            displayStatus: 'rejected',
            failureReason: 'INSUFFICIENT_FUNDS',
            orderUuid: '1c9c3c1e-7b61-4c59-9d57-5a0b6e0f1a12',
          }),
        ]}
      />,
      createFakeBridge(),
    );
    const [approved, rejected] = screen.getAllByTestId('charge-row');
    expect(within(approved!).getByTestId('charge-order').textContent).toBe(
      'Order 0b9c3c1e-7b61-4c59-9d57-5a0b6e0f1a11',
    );
    expect(within(rejected!).queryByTestId('charge-order')).toBeNull();
    expect(rejected!.textContent).toContain('The customer’s wallet does not have enough funds.');
  });
});
