import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../App.tsx';
import { openCoreBridge, type CoreBridge } from '../../test/core-bridge.test-helper.ts';
import { ADMIN_PIN, renderWithBridge } from '../../test/render.test-helper.tsx';

// The linked-customer screen against the real core and the embedded sandbox: linking through the consent
// page on the customer display (browser preview) or main's window (Electron), cashback, "Charge now"
// (approved and REJECTED), holds placed, captured and voided, unlink refused while a hold is open, and live
// updates. The test acts as the customer: it approves the link and each charge as they would.

interface FakePopup {
  closed: boolean;
  location: { replace: ReturnType<typeof vi.fn> };
  close: ReturnType<typeof vi.fn>;
}

function stubPopup(): { open: ReturnType<typeof vi.spyOn>; popup: FakePopup } {
  const popup: FakePopup = { closed: false, location: { replace: vi.fn() }, close: vi.fn() };
  popup.close.mockImplementation(() => {
    popup.closed = true;
  });
  const open = vi.spyOn(window, 'open').mockImplementation(() => popup as unknown as Window);
  return { open, popup };
}

afterEach(() => {
  vi.restoreAllMocks();
});

async function openScreen(bridge?: CoreBridge, locale: 'en' | 'zh-HK' = 'en'): Promise<CoreBridge> {
  bridge ??= await openCoreBridge(locale === 'en' ? {} : { settings: { locale } });
  renderWithBridge(<App />, bridge, locale);
  fireEvent.click(await screen.findByTestId('nav-customers'));
  await screen.findByTestId('customers-screen');
  return bridge;
}

/** Keys digits into a money field as a cashier does (from the right). */
function keyAmount(testId: string, digits: string): void {
  const input = screen.getByTestId(testId);
  fireEvent.keyDown(input, { key: 'Delete' });
  for (const digit of digits) fireEvent.keyDown(input, { key: digit });
}

/** The charge (or capture) waits for the customer: they approve it on their display. */
async function customerApproves(bridge: CoreBridge): Promise<void> {
  await screen.findByTestId('approval-wait');
  await bridge.answerApproval(true);
}

/** The link session the screen started (the sandbox names it). */
function startedLink(bridge: CoreBridge): string {
  const started = bridge.answersTo('customers.startLink').at(-1);
  if (!started?.ok) throw new Error('no link started');
  return started.value.linkToken;
}

async function withLinkedCustomer(id = 'cust-42', bridge?: CoreBridge): Promise<CoreBridge> {
  bridge ??= await openCoreBridge();
  await bridge.linkCustomer(id);
  await openScreen(bridge);
  fireEvent.change(screen.getByTestId('customers-lookup'), { target: { value: id } });
  fireEvent.click(screen.getByTestId('customers-find'));
  await screen.findByTestId('customer-detail');
  await waitFor(() => expect(screen.getByTestId('customer-cashback').textContent).toBe('S$5.00'));
  return bridge;
}

describe('linking a customer', () => {
  it('browser preview: the consent page goes to the customer display, never a window on the cashier’s screen', async () => {
    const { open } = stubPopup();
    const bridge = await openScreen();
    fireEvent.change(screen.getByTestId('customers-lookup'), { target: { value: 'cust-7' } });
    fireEvent.change(screen.getByTestId('link-phone'), { target: { value: '+65 9123 1234' } });
    fireEvent.click(screen.getByTestId('link-submit'));

    const progress = await screen.findByTestId('link-progress');
    expect(progress.dataset.state).toBe('waiting');
    expect(progress.textContent).toContain('Waiting for cust-7 to approve on the customer display');
    // Nothing opens here: the cashier cannot approve for the customer.
    expect(open).not.toHaveBeenCalled();
    expect(bridge.callsTo('customers.startLink')).toEqual([{ merchantUserId: 'cust-7', phoneHint: '+65 9123 1234' }]);

    await act(() => bridge.approveLink(startedLink(bridge)));
    await waitFor(() => expect(screen.getByTestId('link-progress').dataset.state).toBe('linked'));
    const detail = await screen.findByTestId('customer-detail');
    expect(detail.dataset.merchantUserId).toBe('cust-7');
    expect(screen.getByTestId('customer-status').textContent).toBe('Linked');
    // The core keeps the country code and hides all but the last four digits.
    expect(screen.getByTestId('customer-hint').textContent).toBe('+65 ****1234');
    await waitFor(() => expect(screen.getByTestId('customer-cashback').textContent).toBe('S$5.00'));
    expect(
      within(screen.getByTestId('customers-list')).getByRole('button', { name: 'Open customer cust-7' }),
    ).toBeDefined();
  });

  it('Electron: main opens its consent window; the screen opens nothing and follows the session by polling', async () => {
    const { open } = stubPopup();
    const bridge = await openScreen(await openCoreBridge({ transport: 'electron' }));
    fireEvent.change(screen.getByTestId('customers-lookup'), { target: { value: 'cust-8' } });
    fireEvent.change(screen.getByTestId('link-email'), { target: { value: 'kim@example.com' } });
    fireEvent.click(screen.getByTestId('link-submit'));
    expect((await screen.findByTestId('link-progress')).textContent).toContain('approve in the consent window');
    expect(open).not.toHaveBeenCalled();

    // Main's consent window completes the link: the screen learns it by asking linkStatus (at once on
    // customers.updated, or on its next poll if that event never reaches it).
    const linkToken = startedLink(bridge);
    await bridge.approveLink(linkToken);
    await waitFor(() => expect(screen.getByTestId('link-progress').dataset.state).toBe('linked'), { timeout: 4_000 });
    expect(bridge.callsTo('customers.linkStatus')).toContainEqual({ linkToken });
  });

  it('says when the session ended, and starts again', async () => {
    stubPopup();
    const bridge = await openScreen();
    fireEvent.change(screen.getByTestId('customers-lookup'), { target: { value: 'cust-9' } });
    fireEvent.change(screen.getByTestId('link-phone'), { target: { value: '91234567' } });
    fireEvent.click(screen.getByTestId('link-submit'));
    await screen.findByTestId('link-progress');
    await bridge.control('POST', `/tokenized/link-sessions/${startedLink(bridge)}/expire`);
    await waitFor(() => expect(screen.getByTestId('link-progress').dataset.state).toBe('ended'), { timeout: 4_000 });
    expect(screen.getByTestId('link-progress').textContent).toContain(
      'The linking session expired. Start linking again.',
    );
    fireEvent.click(screen.getByTestId('link-another'));
    expect(screen.getByTestId('link-submit')).toBeDefined();
  });

  it('says why the session ended in the till’s language (the core sends the code, not its English)', async () => {
    stubPopup();
    const bridge = await openScreen(undefined, 'zh-HK');
    fireEvent.change(screen.getByTestId('customers-lookup'), { target: { value: 'cust-9' } });
    fireEvent.change(screen.getByTestId('link-phone'), { target: { value: '91234567' } });
    fireEvent.click(screen.getByTestId('link-submit'));
    await screen.findByTestId('link-progress');
    await bridge.control('POST', `/tokenized/link-sessions/${startedLink(bridge)}/expire`);
    await waitFor(() => expect(screen.getByTestId('link-progress').dataset.state).toBe('ended'), { timeout: 4_000 });
    expect(screen.getByTestId('link-progress').textContent).toContain('連結程序已逾時。請重新開始連結。');
  });

  it('asks for the id and a phone or e-mail before anything is sent', async () => {
    const { open } = stubPopup();
    const bridge = await openScreen();
    fireEvent.click(screen.getByTestId('link-submit'));
    expect(screen.getByText('Enter the merchant user id.')).toBeDefined();
    expect(screen.getByText('Enter the customer’s phone number or e-mail address.')).toBeDefined();
    // Each problem is tied to its fields: the id's to the id, the shared phone/e-mail one to both.
    // One merchant-user-id field on the screen: the one above, which the link uses and marks.
    const idInput = screen.getByTestId('customers-lookup');
    expect(idInput.getAttribute('aria-invalid')).toBe('true');
    expect(
      idInput
        .getAttribute('aria-describedby')!
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent),
    ).toContain('Enter the merchant user id.');
    expect(screen.queryByTestId('link-merchant-user-id')).toBeNull();
    for (const testId of ['link-phone', 'link-email']) {
      expect(
        document.getElementById(screen.getByTestId(testId).getAttribute('aria-describedby') ?? '')?.textContent,
      ).toBe('Enter the customer’s phone number or e-mail address.');
    }
    fireEvent.change(screen.getByTestId('customers-lookup'), { target: { value: 'bad id!' } });
    fireEvent.click(screen.getByTestId('link-submit'));
    expect(screen.getByText('Use letters, digits and . _ @ + : - only.')).toBeDefined();
    expect(bridge.callsTo('customers.startLink')).toEqual([]);
    expect(open).not.toHaveBeenCalled();
  });

  it('shows the page to the customer again on request', async () => {
    const bridge = await openScreen();
    fireEvent.change(screen.getByTestId('customers-lookup'), { target: { value: 'cust-10' } });
    fireEvent.change(screen.getByTestId('link-phone'), { target: { value: '91234567' } });
    fireEvent.click(screen.getByTestId('link-submit'));
    await screen.findByTestId('link-progress');
    fireEvent.click(screen.getByTestId('link-reopen'));
    await waitFor(() =>
      expect(bridge.callsTo('customers.openConsent')).toEqual([
        { linkToken: startedLink(bridge) },
        { linkToken: startedLink(bridge) },
      ]),
    );
  });
});

describe('finding customers', () => {
  it('finds a linked customer by merchant user id, and offers to link an unknown one', async () => {
    const bridge = await openCoreBridge();
    await bridge.linkCustomer('cust-1');
    await openScreen(bridge);
    expect(screen.getAllByTestId('customer-row').map((row) => row.dataset.merchantUserId)).toEqual(['cust-1']);
    fireEvent.change(screen.getByTestId('customers-lookup'), { target: { value: 'cust-404' } });
    fireEvent.click(screen.getByTestId('customers-find'));
    expect((await screen.findByTestId('customers-not-found')).textContent).toBe(
      'No customer “cust-404” is linked on this till. Link them below.',
    );
    expect(screen.getByTestId('link-for').textContent).toBe('Links customer cust-404 (the id above).');
    fireEvent.click(screen.getByRole('button', { name: 'Open customer cust-1' }));
    expect((await screen.findByTestId('customer-detail')).dataset.merchantUserId).toBe('cust-1');
  });
});

describe('charging a linked customer', () => {
  it('charges now with cashback and shows the new balance', async () => {
    const bridge = await withLinkedCustomer();
    keyAmount('charge-amount', '300');
    expect(screen.getByTestId('charge-submit').textContent).toBe('Charge S$3.00');
    fireEvent.click(screen.getByTestId('charge-submit'));
    await customerApproves(bridge);
    expect((await screen.findByTestId('charge-result')).textContent).toBe(
      'Charged S$3.00: S$3.00 paid with cashback, S$0.00 with the wallet.',
    );
    // Sent with the customer's approval (see the next test for the wait).
    expect(bridge.callsTo('customers.charge')).toEqual([
      {
        merchantUserId: 'cust-42',
        amountMinor: 300,
        currency: 'SGD',
        useCashback: true,
        approvalId: expect.any(String),
      },
    ]);
    await waitFor(() => expect(screen.getByTestId('customer-cashback').textContent).toBe('S$2.00'));
    expect(screen.getAllByTestId('charge-row')[0]!.dataset.status).toBe('approved');
  });

  it('says how much came from the wallet when the cashback is not enough, and clears it when a hold is placed', async () => {
    const bridge = await withLinkedCustomer();
    keyAmount('charge-amount', '700');
    fireEvent.click(screen.getByTestId('charge-submit'));
    await customerApproves(bridge);
    expect((await screen.findByTestId('charge-result')).textContent).toBe(
      'Charged S$7.00: S$5.00 paid with cashback, S$2.00 with the wallet.',
    );
    keyAmount('hold-amount', '1500');
    fireEvent.click(screen.getByTestId('hold-submit'));
    await screen.findByTestId('hold-result');
    // Only the latest action's message stands.
    await waitFor(() => expect(screen.queryByTestId('charge-result')).toBeNull());
  });

  it('waits for the customer’s approval on their display before charging; a decline charges nothing', async () => {
    const bridge = await withLinkedCustomer();
    keyAmount('charge-amount', '300');
    fireEvent.click(screen.getByTestId('charge-submit'));
    expect((await screen.findByTestId('approval-wait')).textContent).toContain(
      'Waiting for cust-42 to approve S$3.00 on the customer display',
    );
    expect(bridge.callsTo('customers.charge')).toEqual([]);
    await bridge.answerApproval(false);
    expect((await screen.findByTestId('charge-error')).textContent).toBe('The customer declined. Nothing was taken.');
    expect(bridge.callsTo('customers.charge')).toEqual([]);

    fireEvent.click(screen.getByTestId('charge-submit'));
    await screen.findByTestId('approval-wait');
    await bridge.answerApproval(true);
    expect((await screen.findByTestId('charge-result')).textContent).toContain('Charged S$3.00');
    expect(bridge.callsTo('customers.charge')).toHaveLength(1);
  });

  it('with Settings → "a supervisor" approves, asks for the supervisor PIN instead: a wrong PIN takes nothing, the right one charges and captures', async () => {
    const bridge = await openCoreBridge({
      settings: { linkedApproval: 'supervisor-pin' },
      // A supervisor PIN is stored only on a till with an admin PIN.
      secrets: { adminPin: ADMIN_PIN, supervisorPin: '2468' },
    });
    await withLinkedCustomer('cust-42', bridge);
    keyAmount('charge-amount', '300');
    fireEvent.click(screen.getByTestId('charge-submit'));
    const wait = await screen.findByTestId('approval-wait');
    expect(wait.dataset.by).toBe('supervisor-pin');
    // Its PIN form stands on its own, not inside the charge's form (invalid HTML; its submit would bubble there).
    expect(wait.closest('form')).toBeNull();
    expect(wait.textContent).toContain('A supervisor approves taking S$3.00 from cust-42’s wallet.');
    expect(screen.getByTestId('approval-pin-submit')).toHaveProperty('disabled', true);

    fireEvent.change(screen.getByTestId('approval-pin'), { target: { value: '1111' } });
    fireEvent.click(screen.getByTestId('approval-pin-submit'));
    expect((await screen.findByTestId('approval-pin-error')).textContent).toBe('That supervisor PIN is not correct.');
    expect(screen.getByTestId('approval-wait')).toBeDefined();
    expect(bridge.callsTo('customers.charge')).toEqual([]);

    fireEvent.change(screen.getByTestId('approval-pin'), { target: { value: '2468' } });
    fireEvent.click(screen.getByTestId('approval-pin-submit'));
    expect((await screen.findByTestId('charge-result')).textContent).toContain('Charged S$3.00');
    expect(screen.queryByTestId('approval-wait')).toBeNull();
    expect(bridge.callsTo('customers.answerApproval')).toEqual([
      { approvalId: expect.any(String), approve: true, supervisorPin: '1111' },
      { approvalId: expect.any(String), approve: true, supervisorPin: '2468' },
    ]);
    expect(bridge.callsTo('customers.charge')).toHaveLength(1);

    // A hold's capture is approved the same way, for the hold's own amount.
    keyAmount('hold-amount', '2000');
    fireEvent.click(screen.getByTestId('hold-submit'));
    const row = await screen.findByTestId('hold-row');
    fireEvent.click(within(row).getByRole('button', { name: 'Capture S$20.00' }));
    expect((await screen.findByTestId('approval-wait')).textContent).toContain('taking S$20.00 from cust-42’s wallet');
    expect(bridge.callsTo('customers.capture')).toEqual([]);
    fireEvent.change(screen.getByTestId('approval-pin'), { target: { value: '2468' } });
    fireEvent.click(screen.getByTestId('approval-pin-submit'));
    expect((await screen.findByTestId('hold-result')).textContent).toBe('Captured S$20.00.');
    expect(bridge.callsTo('customers.capture')).toHaveLength(1);
  });

  it('shows a REJECTED charge with its reason, and the cashback switch is sent as set', async () => {
    const bridge = await withLinkedCustomer();
    const cashbackSwitch = screen.getByRole('switch', { name: 'Use cashback' });
    fireEvent.click(cashbackSwitch);
    keyAmount('charge-amount', '1051');
    fireEvent.click(screen.getByTestId('charge-submit'));
    await customerApproves(bridge);
    const result = await screen.findByTestId('charge-result');
    expect(result.textContent).toBe('Charge of S$10.51 rejected: The customer’s wallet does not have enough funds.');
    expect(result.dataset.tone).toBe('failure');
    expect(bridge.callsTo('customers.charge')).toEqual([
      {
        merchantUserId: 'cust-42',
        amountMinor: 1051,
        currency: 'SGD',
        useCashback: false,
        approvalId: expect.any(String),
      },
    ]);
    await waitFor(() => expect(screen.getAllByTestId('charge-row')[0]!.dataset.status).toBe('rejected'));
  });

  it('refuses a zero amount without calling the core', async () => {
    const bridge = await withLinkedCustomer();
    fireEvent.click(screen.getByTestId('charge-submit'));
    expect((await screen.findByTestId('charge-error')).textContent).toBe('Enter an amount above zero.');
    expect(bridge.callsTo('customers.charge')).toEqual([]);
  });
});

describe('holds', () => {
  it('places a hold, lists it with its expiry, captures it; voids another with a reason', async () => {
    const bridge = await withLinkedCustomer();
    keyAmount('hold-amount', '2000');
    fireEvent.click(screen.getByTestId('hold-submit'));
    expect((await screen.findByTestId('hold-result')).textContent).toBe('Hold of S$20.00 placed.');
    const row = await screen.findByTestId('hold-row');
    expect(row.dataset.status).toBe('authorized');
    expect(within(row).getByTestId('hold-expiry').textContent).not.toBe('—');

    fireEvent.click(within(row).getByRole('button', { name: 'Capture S$20.00' }));
    await customerApproves(bridge);
    expect((await screen.findByTestId('hold-result')).textContent).toBe('Captured S$20.00.');
    await waitFor(() => expect(screen.getByTestId('hold-row').dataset.status).toBe('captured'));
    expect(bridge.callsTo('customers.capture')).toHaveLength(1);

    keyAmount('hold-amount', '700');
    fireEvent.click(screen.getByTestId('hold-submit'));
    await waitFor(() => expect(screen.getAllByTestId('hold-row')).toHaveLength(2));
    const second = screen.getAllByTestId('hold-row').find((r) => r.dataset.status === 'authorized')!;
    fireEvent.click(within(second).getByRole('button', { name: 'Void hold of S$7.00' }));
    fireEvent.click(screen.getByTestId('hold-void-confirm'));
    expect(screen.getByText('Enter a reason.')).toBeDefined();
    expect(bridge.callsTo('customers.void')).toEqual([]);
    fireEvent.change(screen.getByLabelText('Reason for voiding'), { target: { value: 'Order cancelled' } });
    fireEvent.click(screen.getByTestId('hold-void-confirm'));
    expect((await screen.findByTestId('hold-result')).textContent).toBe('Hold of S$7.00 voided.');
    expect(bridge.callsTo('customers.void')).toEqual([
      { merchantRef: second.dataset.merchantRef, reason: 'Order cancelled' },
    ]);
  });

  it('a capture the wallet REJECTED reads "Capture failed" with its reason, never "Captured", and the hold can still be voided', async () => {
    const bridge = await withLinkedCustomer();
    keyAmount('hold-amount', '1056');
    fireEvent.click(screen.getByTestId('hold-submit'));
    const row = await screen.findByTestId('hold-row');
    fireEvent.click(within(row).getByRole('button', { name: 'Capture S$10.56' }));
    await customerApproves(bridge);
    const result = await screen.findByTestId('hold-result');
    expect(result.textContent).toBe(
      'Capture of S$10.56 rejected, nothing was taken: The customer’s wallet does not have enough funds.',
    );
    expect(result.dataset.tone).toBe('failure');
    await waitFor(() => expect(screen.getByTestId('hold-row').dataset.status).toBe('capture-failed'));
    const failed = screen.getByTestId('hold-row');
    expect(within(failed).getByTestId('hold-status').textContent).toBe('Capture failed');
    expect(failed.textContent).toContain('The customer’s wallet does not have enough funds.');
    expect(failed.textContent).not.toContain('Captured');
    expect(within(failed).getByRole('button', { name: 'Void hold of S$10.56' })).toBeDefined();
    expect(bridge.callsTo('customers.capture')).toHaveLength(1);
  });

  it('refuses to unlink while a hold is open, with the reason; unlinks once it is voided', async () => {
    await withLinkedCustomer();
    keyAmount('hold-amount', '500');
    fireEvent.click(screen.getByTestId('hold-submit'));
    await screen.findByTestId('hold-row');
    fireEvent.click(screen.getByTestId('unlink'));
    fireEvent.click(screen.getByTestId('unlink-confirm'));
    const refusal = await screen.findByTestId('unlink-error');
    expect(refusal.dataset.errorCode).toBe('unlink.blocked');
    expect(refusal.textContent).toBe('This customer has an open hold. Capture or release it before unlinking.');

    fireEvent.click(screen.getByTestId('hold-void'));
    fireEvent.change(screen.getByTestId('hold-void-reason'), { target: { value: 'Not needed' } });
    fireEvent.click(screen.getByTestId('hold-void-confirm'));
    await waitFor(() => expect(screen.getByTestId('hold-row').dataset.status).toBe('voided'));
    fireEvent.click(screen.getByTestId('unlink'));
    fireEvent.click(screen.getByTestId('unlink-confirm'));
    await waitFor(() => expect(screen.getByTestId('customer-status').textContent).toBe('Unlinked'));
    expect(screen.queryByTestId('charge-form')).toBeNull();
    expect(screen.queryByTestId('unlink')).toBeNull();
  });

  it('follows customers.updated: a hold confirmed elsewhere changes in place', async () => {
    const bridge = await withLinkedCustomer();
    keyAmount('hold-amount', '1200');
    fireEvent.click(screen.getByTestId('hold-submit'));
    const row = await screen.findByTestId('hold-row');
    const found = await bridge['customers.find']({ merchantUserId: 'cust-42' });
    if (!found.ok) throw new Error('the core lost the customer');
    const hold = found.value.holds[0]!;
    act(() =>
      bridge.emit('customers.updated', {
        ...found.value,
        holds: [
          {
            ...hold,
            displayStatus: 'expired',
            providerStatus: 'EXPIRED',
            failureReason: 'PRE_AUTH_EXPIRED',
            canCapture: false,
            canVoid: false,
            expiresAt: null,
          },
        ],
      }),
    );
    await waitFor(() => expect(screen.getByTestId('hold-row').dataset.status).toBe('expired'));
    expect(within(screen.getByTestId('hold-row')).queryByTestId('hold-capture')).toBeNull();
    expect(row.isConnected).toBe(true);
  });
});

describe('in Traditional Chinese', () => {
  it('shows the screen and the customer in zh-HK', async () => {
    const bridge = await openCoreBridge({ settings: { locale: 'zh-HK' } });
    await bridge.linkCustomer('cust-hk');
    await openScreen(bridge, 'zh-HK');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('已綁定顧客');
    fireEvent.click(screen.getByRole('button', { name: '開啟顧客 cust-hk' }));
    expect((await screen.findByTestId('customer-status')).textContent).toBe('已綁定');
    expect(screen.getByRole('switch', { name: '使用現金回贈' })).toBeDefined();
  });
});
