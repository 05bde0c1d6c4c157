import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { App } from './App.tsx';
import { createFakeBridge, paymentView, type FakeBridge } from './test/fake-bridge.test-helper.ts';
import { keyAt, renderWithBridge, scannerTypes } from './test/render.test-helper.tsx';
import { notice } from '../shared/notices.ts';
import { sleep } from '../electron/testing/helpers.ts';

// Issue 2: "Keyboard and screen-reader friendly: every control has an accessible name." The whole app is
// rendered against the fake bridge, every screen is reached through the navigation a cashier uses, and on
// each one every button, input, select, textarea, link and [role=button] must have a non-empty name.
//
// happy-dom has no accessible-name algorithm, so `accessibleName` below implements the cases our markup
// uses, in the order of the W3C accname 1.2 computation (simplified):
//   1. aria-labelledby: the names of the referenced elements (their aria-label, else their text), joined;
//   2. aria-label;
//   3. for input/select/textarea: the <label for=id> elements, else an enclosing <label> (its text without
//      the control's own text); input type=button/submit/reset: its value (submit/reset default to the
//      browser's "Submit"/"Reset"); input type=image: alt;
//   4. for button, link, [role=button] (roles that take their name from content): the text of the subtree,
//      skipping aria-hidden / hidden parts, using a descendant's aria-label or an <img>'s alt in its place;
//   5. title, the last resort.
// A name must hold at least one letter or digit: a glyph alone ("⌫", "×", "→") is read out as its Unicode
// name or not at all, which tells a screen-reader user nothing.
// NOT counted: placeholder (it disappears once typing starts, and screen readers announce it inconsistently)
// and CSS-generated content (happy-dom does not compute it). Controls that are not exposed at all
// (type=hidden, inside [hidden] or aria-hidden="true") are skipped; disabled controls are still checked.

const CONTROLS = 'button, input, select, textarea, a[href], [role="button"], [role="link"]';

function text(value: string | null | undefined): string {
  return (value ?? '').replace(/\s+/g, ' ').trim();
}

function isExposed(element: Element): boolean {
  if (element instanceof HTMLInputElement && element.type === 'hidden') return false;
  for (let node: Element | null = element; node; node = node.parentElement) {
    if (node.hasAttribute('hidden') || node.getAttribute('aria-hidden') === 'true') return false;
  }
  return true;
}

/** Text of a subtree as name-from-content sees it. */
function contentName(node: Node, skip: Element | null = null): string {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
  if (!(node instanceof Element) || node === skip) return '';
  if (node.hasAttribute('hidden') || node.getAttribute('aria-hidden') === 'true') return '';
  const label = text(node.getAttribute('aria-label'));
  if (label) return ` ${label} `;
  if (node instanceof HTMLImageElement) return ` ${node.alt} `;
  if (node.tagName.toLowerCase() === 'svg') return ` ${node.querySelector('title')?.textContent ?? ''} `;
  return [...node.childNodes].map((child) => contentName(child, skip)).join('');
}

function accessibleName(element: Element): string {
  const document = element.ownerDocument;
  const labelledBy = text(element.getAttribute('aria-labelledby'));
  if (labelledBy) {
    const joined = text(
      labelledBy
        .split(' ')
        .map((id) => document.getElementById(id))
        .map((referenced) => (referenced ? text(referenced.getAttribute('aria-label')) || contentName(referenced) : ''))
        .join(' '),
    );
    if (joined) return joined;
  }
  const ariaLabel = text(element.getAttribute('aria-label'));
  if (ariaLabel) return ariaLabel;

  if (element instanceof HTMLInputElement) {
    if (['button', 'submit', 'reset'].includes(element.type)) {
      const value = text(element.getAttribute('value'));
      if (value) return value;
      if (element.type !== 'button') return element.type === 'submit' ? 'Submit' : 'Reset';
    }
    if (element.type === 'image' && text(element.alt)) return text(element.alt);
  }
  if (
    element instanceof HTMLInputElement ||
    element instanceof HTMLSelectElement ||
    element instanceof HTMLTextAreaElement
  ) {
    const labels: Element[] = element.id
      ? [...document.querySelectorAll(`label[for="${CSS.escape(element.id)}"]`)]
      : [];
    const enclosing = element.closest('label');
    if (labels.length === 0 && enclosing) labels.push(enclosing);
    const fromLabels = text(labels.map((label) => contentName(label, element)).join(' '));
    if (fromLabels) return fromLabels;
  } else {
    const fromContent = text(contentName(element));
    if (fromContent) return fromContent;
  }
  return text(element.getAttribute('title'));
}

function describeControl(element: Element): string {
  const testId = element.getAttribute('data-testid');
  const html = element.outerHTML.replace(/\s+/g, ' ');
  return `${element.tagName.toLowerCase()}${testId ? `[data-testid=${testId}]` : ''}: ${html.length > 160 ? `${html.slice(0, 160)}…` : html}`;
}

const MEANINGFUL = /[\p{L}\p{N}]/u;

/** Every exposed control in `root` without a meaningful accessible name (empty list = all named). */
function unnamedControls(root: ParentNode = document.body): string[] {
  return [...root.querySelectorAll(CONTROLS)]
    .filter(isExposed)
    .filter((element) => !MEANINGFUL.test(accessibleName(element)))
    .map(describeControl);
}

/** Audits the page as it is now, after the screen's pending bridge replies have settled. */
async function expectAllNamed(where: string): Promise<void> {
  await act(async () => {
    await sleep(20);
  });
  const controls = document.body.querySelectorAll(CONTROLS).length;
  expect(controls, `${where}: no controls found — the audit would prove nothing`).toBeGreaterThan(0);
  expect(unnamedControls(), `${where}: controls without an accessible name`).toEqual([]);
}

const NOW = '2026-11-22T10:00:00.000Z';

const PAID = paymentView({
  referenceId: 'REF-A11Y-PAID',
  state: 'final',
  providerStatus: 'CAPTURED',
  displayStatus: 'paid',
  qrPayload: null,
  canCancel: false,
  canRefund: true,
  refundable: { amountMinor: 1234, currency: 'SGD' },
  providerOrderId: '221122-0001-A11Y',
});

/** A payment of the merchant taken at another terminal, as the refund counter finds it. */
const LOOKED_UP = paymentView({
  referenceId: 'TILL02-20261122-A11YK3F9',
  origin: 'looked-up',
  method: null,
  posId: null,
  state: 'final',
  providerStatus: 'CAPTURED',
  displayStatus: 'paid',
  qrPayload: null,
  canCancel: false,
  canRefund: true,
  refundable: { amountMinor: 1400, currency: 'SGD' },
  providerOrderId: '221122-0002-A11Y',
});

const CHECKING = paymentView({
  referenceId: 'REF-A11Y-CHECK',
  method: 'customer-qr',
  state: 'checking',
  displayStatus: 'checking',
  qrPayload: null,
  canCancel: false,
  unresolvedReason: notice('payments.error', { error: { code: 'network.timeout' } }),
});

function seededBridge(secrets: Parameters<typeof createFakeBridge>[0] = {}): FakeBridge {
  const bridge = createFakeBridge(secrets);
  bridge.payments.set(PAID.referenceId, PAID);
  bridge.payments.set(CHECKING.referenceId, CHECKING);
  bridge.override('payments.unresolved', () => ({ ok: true, value: [CHECKING] }));
  const customer = {
    merchantUserId: 'cust-a11y-1',
    status: 'linked' as const,
    hint: 'A11y tester',
    linkedAt: NOW,
    updatedAt: NOW,
  };
  bridge.override('customers.list', () => ({ ok: true, value: [customer] }));
  bridge.override('customers.find', () => ({ ok: true, value: { customer, holds: [], charges: [] } }));
  bridge.override('customers.cashback', () => ({
    ok: true,
    value: { balance: { amountMinor: 500, currency: 'SGD' } },
  }));
  // The refund went through: the payment found, fully refunded.
  bridge.override('payments.refund', ({ referenceId }) => {
    const payment = bridge.payments.get(referenceId)!;
    const refunded = { ...payment, displayStatus: 'refunded', refunded: payment.amount, canRefund: false } as const;
    return {
      ok: true,
      value: {
        payment: { ...refunded, refundable: { ...payment.amount, amountMinor: 0 } },
        refunds: [],
        history: [],
        events: [],
      },
    };
  });
  return bridge;
}

async function goTo(item: string, screenTestId: string): Promise<void> {
  fireEvent.click(await screen.findByTestId(`nav-${item}`));
  await screen.findByTestId(screenTestId);
}

describe('accessibleName (the helper the audit relies on)', () => {
  it('finds names the ways our markup gives them, and none where there is none', () => {
    document.body.innerHTML = `
      <span id="ext">Amount</span>
      <button id="b1" aria-labelledby="ext"></button>
      <button id="b2" aria-label="Close"><svg aria-hidden="true"></svg></button>
      <button id="b3"><span aria-hidden="true">×</span></button>
      <button id="b4"><img alt="Refresh"></button>
      <button id="b5">  </button>
      <button id="b6">⌫</button>
      <label for="i1">Merchant name</label><input id="i1">
      <label>PIN <input id="i2" type="password"></label>
      <input id="i3" placeholder="Search">
      <input id="i4" type="submit">
      <select id="s1" title="Country"></select>
      <textarea id="t1"></textarea>
      <div id="r1" role="button" tabindex="0">Open</div>
      <a id="a1" href="#x"></a>
      <div hidden><button id="h1"></button></div>
      <input id="h2" type="hidden">`;
    const name = (id: string) => accessibleName(document.getElementById(id)!);
    expect([name('b1'), name('b2'), name('b3'), name('b4'), name('b5')]).toEqual([
      'Amount',
      'Close',
      '',
      'Refresh',
      '',
    ]);
    expect([name('i1'), name('i2'), name('i3'), name('i4'), name('s1'), name('t1')]).toEqual([
      'Merchant name',
      'PIN',
      '',
      'Submit',
      'Country',
      '',
    ]);
    expect([name('r1'), name('a1')]).toEqual(['Open', '']);
    expect(name('b6')).toBe('⌫');
    expect(unnamedControls().map((line) => line.split(':')[0])).toEqual([
      'button',
      'button',
      'button',
      'input',
      'textarea',
      'a',
    ]);
    document.body.innerHTML = '';
  });
});

describe('every control on every screen has an accessible name', () => {
  it('sale, scan, and the payment screen of a waiting merchant-QR payment', async () => {
    renderWithBridge(<App />, seededBridge());
    await screen.findByTestId('sale-screen');
    await expectAllNamed('sale');

    keyAt(document.body, '5', 1_000);
    keyAt(document.body, '0', 1_200);
    fireEvent.click(screen.getByTestId('scan-customer-button'));
    await screen.findByTestId('scan-screen');
    await expectAllNamed('scan');

    await goTo('sale', 'sale-screen');
    keyAt(document.body, '1', 2_000);
    keyAt(document.body, '2', 2_200);
    keyAt(document.body, 'Enter', 2_400);
    await screen.findByTestId('payment-screen');
    await waitFor(() => expect(screen.getByTestId('payment-status').dataset.status).toBe('waiting'));
    expect(screen.getByTestId('payment-qr')).toBeDefined();
    await expectAllNamed('payment (waiting merchant QR)');
  });

  it('payments list and a payment detail', async () => {
    renderWithBridge(<App />, seededBridge());
    await goTo('payments', 'payments-screen');
    await waitFor(() => expect(screen.getAllByTestId('payment-row').length).toBeGreaterThan(0));
    await expectAllNamed('payments');

    fireEvent.click(screen.getByRole('button', { name: `Open payment ${PAID.referenceId}` }));
    await screen.findByTestId('detail-provider-order-id');
    await expectAllNamed('payment detail');
  });

  it('refund with a found payment', async () => {
    renderWithBridge(<App />, seededBridge());
    await goTo('refund', 'refund-screen');
    await expectAllNamed('refund (empty)');
    fireEvent.change(screen.getByTestId('refund-lookup'), { target: { value: PAID.referenceId } });
    fireEvent.click(screen.getByTestId('refund-find'));
    expect((await screen.findByTestId('refund-reference')).textContent).toBe(PAID.referenceId);
    await expectAllNamed('refund (payment found)');
  });

  it('refund at the counter: a payment taken at another terminal, the receipt camera on, then the done screen', async () => {
    const bridge = seededBridge({ secrets: { supervisorPin: '4321' } });
    bridge.settings = { ...bridge.settings, refundCamera: true };
    bridge.payments.set(LOOKED_UP.referenceId, LOOKED_UP);
    renderWithBridge(<App />, bridge);
    await goTo('refund', 'refund-screen');
    await screen.findByTestId('camera-panel');
    await expectAllNamed('refund (receipt camera on)');
    scannerTypes(document.body, LOOKED_UP.referenceId, 5_000);
    expect((await screen.findByTestId('refund-origin')).textContent).toBe('Taken at another terminal');
    await expectAllNamed('refund (payment of another terminal found)');
    fireEvent.change(screen.getByTestId('refund-pin'), { target: { value: '4321' } });
    fireEvent.click(screen.getByTestId('refund-submit'));
    await expectAllNamed('refund (confirm question)');
    fireEvent.click(await screen.findByTestId('refund-confirm-yes'));
    await screen.findByTestId('refund-done');
    await expectAllNamed('refund (done, payment of another terminal)');
  });

  it('customers, with a linked customer open', async () => {
    renderWithBridge(<App />, seededBridge());
    await goTo('customers', 'customers-screen');
    await expectAllNamed('customers');
    fireEvent.change(screen.getByTestId('customers-lookup'), { target: { value: 'cust-a11y-1' } });
    fireEvent.click(screen.getByTestId('customers-find'));
    await screen.findByTestId('customer-detail');
    await expectAllNamed('customer detail');
  });

  it('unresolved, with a payment being checked', async () => {
    renderWithBridge(<App />, seededBridge());
    await goTo('unresolved', 'unresolved-screen');
    await screen.findByTestId('unresolved-table');
    await expectAllNamed('unresolved');
  });

  it('day summary', async () => {
    renderWithBridge(<App />, seededBridge());
    await goTo('summary', 'summary-screen');
    await screen.findByTestId('summary-paid');
    await expectAllNamed('summary');
  });

  it('settings, with saved secrets (their Remove buttons show)', async () => {
    renderWithBridge(
      <App />,
      seededBridge({ secrets: { accessKeySecret: 'saved-secret-value', supervisorPin: '1111' } }),
    );
    await goTo('settings', 'settings-screen');
    expect(screen.getByTestId('secret-remove-supervisorPin')).toBeDefined();
    await expectAllNamed('settings');
  });

  it('settings: every section', async () => {
    renderWithBridge(<App />, seededBridge());
    await goTo('settings', 'settings-screen');
    for (const section of ['connection', 'terminal', 'payments', 'devices', 'pins', 'staff', 'linked']) {
      fireEvent.click(screen.getByTestId(`settings-tab-${section}`));
      await expectAllNamed(`settings: ${section}`);
    }
  });

  it('staff: the sign-in pad, the header of a signed-in cashier, a person being added, the Shift screen', async () => {
    const bridge = seededBridge();
    bridge.settings = { ...bridge.settings, staff: { ...bridge.settings.staff, signInRequired: true } };
    const wing = { id: 'staff-wing', name: 'Wing', role: 'cashier' as const };
    let signedIn = false;
    bridge.override('session.current', () => ({
      ok: true,
      value: { staff: signedIn ? wing : null, shift: null, signInRequired: true },
    }));
    bridge.override('session.signIn', () => ((signedIn = true), { ok: true, value: { staff: wing } }));
    bridge.override('shifts.current', () => ({ ok: true, value: { shift: null } }));
    renderWithBridge(<App />, bridge);
    await screen.findByTestId('sign-in-screen');
    await expectAllNamed('sign-in');
    fireEvent.change(screen.getByTestId('sign-in-pin'), { target: { value: '2468' } });
    fireEvent.submit(screen.getByTestId('sign-in-form'));
    await screen.findByTestId('signed-in-as');
    await goTo('settings', 'settings-screen');
    fireEvent.click(screen.getByTestId('settings-tab-staff'));
    fireEvent.click(await screen.findByTestId('staff-add'));
    await expectAllNamed('settings: staff, adding a person');
    fireEvent.click(screen.getByTestId('nav-shift'));
    await screen.findByTestId('shift-open-form');
    await expectAllNamed('shift (none open)');
  });

  it('kiosk: attract, amount and the customer’s payment screen', async () => {
    const bridge = seededBridge();
    bridge.settings = { ...bridge.settings, mode: 'kiosk' };
    renderWithBridge(<App />, bridge);
    await screen.findByTestId('kiosk-attract');
    await expectAllNamed('kiosk attract');
    fireEvent.click(screen.getByTestId('kiosk-start'));
    for (const key of ['1', '2', '0', '0']) fireEvent.click(screen.getByTestId(`keypad-${key}`));
    fireEvent.click(screen.getByTestId('charge-button'));
    await screen.findByTestId('payment-qr');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Scan to pay');
    await expectAllNamed('kiosk payment');
  });

  it('settings behind the admin PIN', async () => {
    renderWithBridge(<App />, seededBridge({ secrets: { adminPin: '2468' } }));
    await goTo('settings', 'settings-locked');
    await expectAllNamed('settings PIN gate');
  });
});
