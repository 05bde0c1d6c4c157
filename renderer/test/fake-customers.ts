import type {
  ApprovalChannels,
  ApprovalView,
  ChannelName,
  CustomerChannelName,
  Events,
  RequestOf,
  ResponseOf,
} from '../../shared/contract.ts';
import type {
  CustomerChargeView,
  HoldView,
  LinkedCustomerDetail,
  LinkedCustomerUnresolvedView,
  LinkedCustomerView,
} from '../../shared/domain.ts';
import { defaultMessage, type ErrorCode } from '../../shared/errors.ts';
import type { CurrencyCode } from '../../shared/money.ts';
import type { Result } from '../../shared/result.ts';

// The linked-customer part of the fake bridge: an in-memory stand-in for the customer service with the
// rules a screen must show (REJECTED charges with their reason, holds that can be captured or voided once,
// unlink refused while a hold is open, a link that completes only when the "customer" approves). The real
// service is tested against the sandbox over real sockets; here the subject is the screen.

type Handler<K extends ChannelName> = (request: RequestOf<K>) => Result<ResponseOf<K>>;
export type FakeCustomerHandlers = {
  [K in CustomerChannelName | 'customers.openConsent' | keyof ApprovalChannels]: Handler<K>;
};

export interface FakeCustomers {
  readonly handlers: FakeCustomerHandlers;
  /** The customer approved on the consent page: the session completes and customers.updated is sent. */
  approveLink(linkToken: string): void;
  /** Adds a linked customer directly (test setup). */
  addLinked(merchantUserId: string, hint?: string): void;
  /** Cashback balance in minor units (default 500). */
  readonly cashback: Map<string, number>;
  /** The fake's idea of where the consent page was opened: popup (web) or window (Electron). */
  consentKind: 'customer-display' | 'window';
  readonly linkSessions: Map<
    string,
    { merchantUserId: string; hint: string | null; state: 'waiting' | 'linked' | 'expired' }
  >;
  /** The customer approves every charge and capture at once (default), or leaves them waiting for a test to answer. */
  autoApprove: boolean;
  readonly approvals: Map<string, ApprovalView>;
}

const DAY_MS = 24 * 60 * 60 * 1000;

function unresolvedOf(
  row: CustomerChargeView | HoldView,
  kind: 'charge' | 'hold',
): Omit<LinkedCustomerUnresolvedView, 'createdAt'> {
  return {
    merchantUserId: row.merchantUserId,
    kind,
    merchantRef: row.merchantRef,
    amount: row.amount,
    displayStatus: row.displayStatus,
    reason: row.unresolvedReason,
  };
}

function refuse<T>(code: ErrorCode, message = defaultMessage(code)): Result<T> {
  return { ok: false, error: { code, message, retryable: false } };
}

export function createFakeCustomers(options: {
  emit: <E extends 'customers.updated'>(event: E, payload: Events[E]) => void;
  now: () => string;
  currency: () => CurrencyCode;
  /** Who approves (Settings → linked customers), read at each request as main does. */
  approvalBy?: () => ApprovalView['by'];
  /** The supervisor PIN check, for approvals a supervisor gives. */
  verifySupervisorPin?: (pin: string) => 'valid' | 'wrong' | 'not-set';
}): FakeCustomers {
  const customers = new Map<string, LinkedCustomerView>();
  const holds = new Map<string, HoldView>();
  const charges: CustomerChargeView[] = [];
  const cashback = new Map<string, number>();
  const linkSessions: FakeCustomers['linkSessions'] = new Map();
  const approvals: FakeCustomers['approvals'] = new Map();
  let sequence = 0;
  /** As main's guard: only an approved approval for this very action and amount, once. */
  const spendApproval = (
    approvalId: string | undefined,
    action: ApprovalView['action'],
    amountMinor: number,
  ): Result<never> | null => {
    const approval = approvalId === undefined ? undefined : approvals.get(approvalId);
    if (!approval || approval.state !== 'approved')
      return refuse(approval?.state === 'declined' ? 'approval.declined' : 'approval.required');
    if (approval.action !== action || approval.amount.amountMinor !== amountMinor) return refuse('approval.mismatch');
    approvals.set(approval.approvalId, { ...approval, state: 'used' });
    return null;
  };

  const detail = (merchantUserId: string): LinkedCustomerDetail => ({
    customer: customers.get(merchantUserId)!,
    holds: [...holds.values()].filter((h) => h.merchantUserId === merchantUserId).reverse(),
    charges: charges.filter((c) => c.merchantUserId === merchantUserId).reverse(),
  });
  const publish = (merchantUserId: string): void => options.emit('customers.updated', detail(merchantUserId));
  const link = (merchantUserId: string, hint: string | null): LinkedCustomerView => {
    const at = options.now();
    const view: LinkedCustomerView = {
      merchantUserId,
      status: 'linked',
      hint,
      linkedAt: customers.get(merchantUserId)?.linkedAt ?? at,
      updatedAt: at,
    };
    customers.set(merchantUserId, view);
    if (!cashback.has(merchantUserId)) cashback.set(merchantUserId, 500);
    return view;
  };
  const linked = (merchantUserId: string): LinkedCustomerView | Result<never> => {
    const customer = customers.get(merchantUserId);
    if (!customer) return refuse('customer.not-found');
    if (customer.status !== 'linked')
      return refuse('payment-token.invalid', 'This customer is unlinked. Link the customer again.');
    return customer;
  };
  const isRefusal = (value: LinkedCustomerView | Result<never>): value is Result<never> => 'ok' in value;
  const redact = (phone: string | undefined, email: string | undefined): string | null => {
    if (email?.trim()) return `${email.trim()[0]}***${email.slice(email.lastIndexOf('@'))}`;
    const digits = (phone ?? '').replace(/\D/g, '');
    return digits ? `****${digits.slice(-4)}` : null;
  };
  const updateHold = (hold: HoldView, patch: Partial<HoldView>): HoldView => {
    const next = { ...hold, ...patch };
    holds.set(hold.merchantRef, next);
    return next;
  };

  const handlers: FakeCustomerHandlers = {
    'customers.startLink': ({ merchantUserId, phoneHint, emailHint }) => {
      const linkToken = `lt-${++sequence}`;
      linkSessions.set(linkToken, { merchantUserId, hint: redact(phoneHint, emailHint), state: 'waiting' });
      return {
        ok: true,
        value: {
          linkToken,
          consentUrl: `http://127.0.0.1:1/demo/merchant/consent/${linkToken}`,
          callbackUrl: 'https://till.wallet-pos.invalid/link/callback',
          expiresAt: options.now(),
        },
      };
    },
    'customers.openConsent': ({ linkToken }) => {
      if (!linkSessions.has(linkToken)) return refuse('link.failed');
      return { ok: true, value: consentKindValue() };
    },
    'customers.completeLink': ({ linkToken }) => {
      const session = linkSessions.get(linkToken);
      if (!session) return refuse('link.failed');
      session.state = 'linked';
      return { ok: true, value: link(session.merchantUserId, session.hint) };
    },
    'customers.linkStatus': ({ linkToken }) => {
      const session = linkSessions.get(linkToken);
      if (!session) return refuse('link.failed');
      if (session.state === 'expired')
        return {
          ok: true,
          value: { state: 'expired', customer: null, reason: { code: 'link.expired' } },
        };
      return {
        ok: true,
        value: {
          state: session.state,
          customer: session.state === 'linked' ? customers.get(session.merchantUserId)! : null,
          reason: null,
        },
      };
    },
    'customers.list': ({ search }) => ({
      ok: true,
      value: [...customers.values()].filter((c) => !search || c.merchantUserId.includes(search)).reverse(),
    }),
    'customers.find': ({ merchantUserId }) =>
      customers.has(merchantUserId) ? { ok: true, value: detail(merchantUserId) } : refuse('customer.not-found'),
    'customers.cashback': ({ merchantUserId }) => {
      const customer = linked(merchantUserId);
      if (isRefusal(customer)) return customer;
      return {
        ok: true,
        value: { balance: { amountMinor: cashback.get(merchantUserId) ?? 0, currency: options.currency() } },
      };
    },
    // The fake's clock is one day: everything it holds is "today".
    'customers.ofDay': () => ({
      ok: true,
      value: { charges: [...charges].reverse(), holds: [...holds.values()].reverse() },
    }),
    'customers.requestApproval': (request) => {
      const amount =
        request.action === 'charge'
          ? { amountMinor: request.amountMinor, currency: request.currency }
          : holds.get(request.merchantRef)?.amount;
      if (!amount) return refuse('preauth.not-found');
      const by = options.approvalBy?.() ?? 'customer-display';
      const view: ApprovalView = {
        approvalId: `approval-${String(++sequence).padStart(12, '0')}`,
        action: request.action,
        merchantUserId: request.merchantUserId,
        amount,
        // A supervisor always gives the PIN; only the fake customer answers by themselves.
        state: fake.autoApprove && by === 'customer-display' ? 'approved' : 'waiting',
        by,
        merchantName: 'Demo Coffee Bar',
        expiresAt: options.now(),
      };
      approvals.set(view.approvalId, view);
      return { ok: true, value: view };
    },
    'customers.answerApproval': ({ approvalId, approve, supervisorPin }) => {
      const approval = approvals.get(approvalId);
      if (!approval) return refuse('approval.expired');
      // As main (electron/core/customers/approvals.ts): where a supervisor approves, the PIN is the approval.
      if (approve && approval.state === 'waiting' && approval.by === 'supervisor-pin') {
        if (supervisorPin === undefined) return refuse('supervisor.pin-required');
        const check = options.verifySupervisorPin?.(supervisorPin) ?? 'not-set';
        if (check === 'not-set') return refuse('supervisor.pin-required');
        if (check === 'wrong') return refuse('supervisor.pin-wrong');
      }
      const next: ApprovalView =
        approval.state === 'waiting' ? { ...approval, state: approve ? 'approved' : 'declined' } : approval;
      approvals.set(approvalId, next);
      return { ok: true, value: next };
    },
    'customers.approvalStatus': ({ approvalId }) => {
      const approval = approvals.get(approvalId);
      return approval ? { ok: true, value: approval } : refuse('approval.expired');
    },
    'customers.charge': ({ merchantUserId, amountMinor, currency, useCashback, approvalId }) => {
      const customer = linked(merchantUserId);
      if (isRefusal(customer)) return customer;
      const unapproved = spendApproval(approvalId, 'charge', amountMinor);
      if (unapproved) return unapproved;
      const rejected = amountMinor % 100 === 51;
      const charge: CustomerChargeView = {
        merchantRef: `CHG-${String(++sequence).padStart(8, '0')}`,
        merchantUserId,
        amount: { amountMinor, currency },
        useCashback,
        displayStatus: rejected ? 'rejected' : 'approved',
        failureReason: rejected ? 'INSUFFICIENT_FUNDS' : null,
        orderUuid: rejected ? null : `order-${sequence}`,
        orderOutcome: null,
        createdAt: options.now(),
        unresolvedReason: null,
      };
      if (!rejected && useCashback)
        cashback.set(merchantUserId, Math.max(0, (cashback.get(merchantUserId) ?? 0) - amountMinor));
      charges.push(charge);
      publish(merchantUserId);
      return { ok: true, value: charge };
    },
    'customers.placeHold': ({ merchantUserId, amountMinor, currency }) => {
      const customer = linked(merchantUserId);
      if (isRefusal(customer)) return customer;
      const placedAt = options.now();
      const hold: HoldView = {
        merchantRef: `HLD-${String(++sequence).padStart(8, '0')}`,
        merchantUserId,
        amount: { amountMinor, currency },
        displayStatus: 'authorized',
        providerStatus: 'AUTHORIZED',
        failureReason: null,
        orderUuid: null,
        placedAt,
        expiresAt: new Date(Date.parse(placedAt) + 7 * DAY_MS).toISOString(),
        canCapture: true,
        canVoid: true,
        voidReason: null,
        captureFailureReason: null,
        unresolvedReason: null,
      };
      holds.set(hold.merchantRef, hold);
      publish(merchantUserId);
      return { ok: true, value: hold };
    },
    'customers.capture': ({ merchantRef, approvalId }) => {
      const hold = holds.get(merchantRef);
      if (!hold) return refuse('preauth.not-found');
      const unapproved = spendApproval(approvalId, 'capture', hold.amount.amountMinor);
      if (unapproved) return unapproved;
      if (!hold.canCapture)
        return refuse(hold.displayStatus === 'voided' ? 'preauth.already-voided' : 'preauth.already-captured');
      if (hold.amount.amountMinor % 100 === 56) {
        // As main answers the sandbox's .56: the capture is REJECTED, nothing taken, the hold still authorised.
        const failed = updateHold(hold, {
          displayStatus: 'capture-failed',
          failureReason: 'INSUFFICIENT_FUNDS',
          captureFailureReason: 'INSUFFICIENT_FUNDS',
        });
        publish(hold.merchantUserId);
        return { ok: true, value: failed };
      }
      const next = updateHold(hold, {
        displayStatus: 'captured',
        providerStatus: 'CAPTURE_INITIATED',
        orderUuid: `order-${++sequence}`,
        canCapture: false,
        canVoid: false,
        expiresAt: null,
      });
      publish(hold.merchantUserId);
      return { ok: true, value: next };
    },
    'customers.void': ({ merchantRef, reason }) => {
      const hold = holds.get(merchantRef);
      if (!hold) return refuse('preauth.not-found');
      if (!hold.canVoid)
        return refuse(hold.displayStatus === 'voided' ? 'preauth.already-voided' : 'preauth.already-captured');
      const next = updateHold(hold, {
        displayStatus: 'voided',
        providerStatus: 'VOIDED',
        voidReason: reason,
        canCapture: false,
        canVoid: false,
        expiresAt: null,
      });
      publish(hold.merchantUserId);
      return { ok: true, value: next };
    },
    'customers.unlink': ({ merchantUserId }) => {
      const customer = customers.get(merchantUserId);
      if (!customer) return refuse('customer.not-found');
      const open = [...holds.values()].filter((h) => h.merchantUserId === merchantUserId && h.canCapture).length;
      if (open > 0)
        return refuse(
          'unlink.blocked',
          `This customer has ${open === 1 ? 'an open hold' : `${open} open holds`}. Capture or release ${open === 1 ? 'it' : 'them'} before unlinking.`,
        );
      const next: LinkedCustomerView = { ...customer, status: 'unlinked', updatedAt: options.now() };
      customers.set(merchantUserId, next);
      publish(merchantUserId);
      return { ok: true, value: next };
    },
    // As the service: charges and holds whose request's outcome is still being found out (or stopped), oldest first.
    'customers.unresolved': () => {
      const unsettled = new Set<string>(['sending', 'checking', 'capturing', 'voiding']);
      const rows: LinkedCustomerUnresolvedView[] = [
        ...charges
          .filter((c) => unsettled.has(c.displayStatus))
          .map((c) => ({ ...unresolvedOf(c, 'charge'), createdAt: c.createdAt })),
        ...[...holds.values()]
          .filter((h) => unsettled.has(h.displayStatus))
          .map((h) => ({ ...unresolvedOf(h, 'hold'), createdAt: h.placedAt })),
      ];
      return { ok: true, value: rows.sort((a, b) => a.createdAt.localeCompare(b.createdAt)) };
    },
  };

  const fake: FakeCustomers = {
    handlers,
    cashback,
    linkSessions,
    consentKind: 'customer-display',
    autoApprove: true,
    approvals,
    approveLink(linkToken) {
      const session = linkSessions.get(linkToken);
      if (!session) throw new Error(`no link session ${linkToken}`);
      session.state = 'linked';
      link(session.merchantUserId, session.hint);
      publish(session.merchantUserId);
    },
    addLinked(merchantUserId, hint = '+65 ****4567') {
      link(merchantUserId, hint);
    },
  };
  function consentKindValue(): ResponseOf<'customers.openConsent'> {
    return fake.consentKind === 'customer-display' ? { kind: 'customer-display' } : { kind: 'window' };
  }
  return fake;
}
