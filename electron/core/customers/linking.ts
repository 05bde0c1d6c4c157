import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { LinkProgress, LinkStart, LinkedCustomerView } from '../../../shared/customers.ts';
import { PosError } from '../../../shared/errors.ts';
import { notice } from '../../../shared/notices.ts';
import type { StaffRef } from '../../../shared/staff.ts';
import { assertExpectedConsentPage, consentPageDecision, type ConsentGateway } from '../security/consent-page.ts';
import { redactEmailHint, redactPhoneHint } from './hints.ts';
import type { CustomerRow, LinkSessionRow } from './rows.ts';
import { customerView, exclusive, publish, reasonOf, type CustomerRuntime } from './runtime.ts';
import { toCustomerView } from './views.ts';

// Linking a customer: a link session at the provider, its consent page (opened by main with the app token),
// then the one-time code exchanged at once for the payment token, which is sealed before it is stored. The
// session is journalled, so a poll or a restart can tell where it stands.

/** What main needs to open the consent page (the app token never goes to the renderer). */
export interface ConsentRequest {
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly callbackUrl: string;
  readonly expiresAt: string;
  /** Where the session was created: the openers check `url` against it (security/consent-page.ts) before loading it. */
  readonly gateway: ConsentGateway;
}

/** At start: sessions a crash or the clock ended are closed in the journal. */
export function closeInterruptedLinkSessions(rt: CustomerRuntime): void {
  for (const session of rt.journal.unfinishedLinkSessions()) {
    // An exchange cut short by a crash cannot be finished (the code is single-use): link again, the
    // provider gives back the same token. An open session past its expiry is over.
    if (session.status === 'exchanging') rt.journal.updateLinkSession(session.linkToken, 'failed', 'interrupted');
    else if (session.expiresAt <= rt.options.now()) rt.journal.updateLinkSession(session.linkToken, 'expired');
  }
}

/** `startedBy`: who asked at the till (the sell right, asked by the caller); the customer is recorded as linked by them. */
export async function startLink(
  rt: CustomerRuntime,
  input: { merchantUserId: string; phoneHint?: string | undefined; emailHint?: string | undefined },
  startedBy: StaffRef | null,
): Promise<LinkStart> {
  const phone = input.phoneHint?.trim() ? redactPhoneHint(input.phoneHint) : undefined;
  const email = input.emailHint?.trim() ? redactEmailHint(input.emailHint) : undefined;
  if (!phone && !email)
    throw new PosError('request.invalid', {
      notice: notice('link.hint-needed'),
      details: { field: 'phoneHint' },
    });
  const connection = await rt.access.connection();
  const state = randomBytes(32).toString('base64url');
  const session = await rt.audit.run({ merchantUserId: input.merchantUserId, merchantRef: null }, () =>
    connection.client.createLinkSession({
      callbackUrl: connection.linkCallbackUrl,
      state,
      merchantUserId: input.merchantUserId,
      userHint: { phone, email },
    }),
  );
  rt.journal.recordLinkSession({
    linkToken: session.linkToken,
    merchantUserId: input.merchantUserId,
    merchantId: connection.merchantId,
    stateHash: sha256(state),
    callbackUrl: connection.linkCallbackUrl,
    consentUrl: session.redirectUrl,
    hint: email ?? phone ?? null,
    expiresAt: Date.parse(session.expiresAt),
    createdAt: rt.options.now(),
    startedBy,
  });
  // A consent page anywhere but the environment's own hosts (or over plain http) is never opened with the
  // app token: the session is closed at once and the cashier told which address was refused.
  const gateway: ConsentGateway = {
    environment: connection.client.profile.environment,
    baseUrl: connection.client.profile.baseUrl,
  };
  const decision = consentPageDecision(session.redirectUrl, gateway);
  if (!decision.ok) {
    rt.journal.updateLinkSession(session.linkToken, 'failed', `consent-page-${decision.reason}`);
    rt.journal.appendEvent({
      merchantUserId: input.merchantUserId,
      kind: 'note',
      notice: notice('customer-event.link-refused', { session: session.linkToken, reason: decision.reason }),
    });
    assertExpectedConsentPage(session.redirectUrl, gateway);
  }
  rt.appTokens.set(session.linkToken, {
    header: connection.client.profile.appTokenHeader,
    token: session.appToken,
    gateway,
  });
  rt.journal.appendEvent({
    merchantUserId: input.merchantUserId,
    kind: 'note',
    notice: notice('customer-event.link-opened', { session: session.linkToken }),
  });
  return {
    linkToken: session.linkToken,
    consentUrl: session.redirectUrl,
    callbackUrl: connection.linkCallbackUrl,
    expiresAt: session.expiresAt,
  };
}

/** For main (Electron consent window, web host broker): the page and the header to open it with. */
export function consentRequest(rt: CustomerRuntime, linkToken: string): ConsentRequest {
  const session = rt.journal.getLinkSession(linkToken);
  const app = rt.appTokens.get(linkToken);
  if (!session || !app || session.status !== 'open')
    throw new PosError('link.failed', { cause: new Error(`link session ${linkToken} is not open in this run`) });
  if (session.expiresAt <= rt.options.now()) throw new PosError('link.expired');
  return {
    url: session.consentUrl,
    headers: { [app.header]: app.token },
    callbackUrl: session.callbackUrl,
    expiresAt: new Date(session.expiresAt).toISOString(),
    gateway: app.gateway,
  };
}

/** The consent window reached the callback: check `state`, exchange `code` at once. */
export async function completeLink(
  rt: CustomerRuntime,
  linkToken: string,
  redirectedTo: string,
): Promise<LinkedCustomerView> {
  const session = requireSession(rt, linkToken);
  return exclusive(rt, session.merchantUserId, async () => {
    const current = requireSession(rt, linkToken);
    if (current.status === 'linked') return customerView(rt, current.merchantUserId);
    refuseClosedSession(rt, current);
    const url = URL.canParse(redirectedTo) ? new URL(redirectedTo) : null;
    const expected = new URL(current.callbackUrl);
    if (!url || url.origin !== expected.origin || url.pathname !== expected.pathname) {
      throw new PosError('link.failed', {
        cause: new Error('The approval came back to an unexpected address.'),
      });
    }
    const state = url.searchParams.get('state') ?? '';
    const code = url.searchParams.get('code');
    if (!sameHash(sha256(state), current.stateHash)) {
      rt.journal.updateLinkSession(linkToken, 'failed', 'state-mismatch');
      throw new PosError('link.failed', {
        cause: new Error('The approval did not match the request this till sent (state).'),
      });
    }
    if (!code) {
      rt.journal.updateLinkSession(linkToken, 'failed', url.searchParams.get('error') ?? 'no-code');
      throw new PosError('link.failed');
    }
    return exchangeCode(rt, current, code);
  });
}

/** Polls the session; completes it from the provider's poll (authCode while CODE_ISSUED) if the redirect was not seen. */
export async function linkStatus(rt: CustomerRuntime, linkToken: string): Promise<LinkProgress> {
  const session = requireSession(rt, linkToken);
  return exclusive(rt, session.merchantUserId, async () => {
    const current = requireSession(rt, linkToken);
    const settled = settledProgress(rt, current);
    if (settled) return settled;
    const { client } = await rt.access.connection();
    const status = await rt.audit
      .run({ merchantUserId: current.merchantUserId, merchantRef: null }, () => client.getLinkSession(linkToken))
      .catch((error: unknown) => {
        if (error instanceof PosError && (error.code === 'link.failed' || error.code === 'link.expired')) {
          rt.journal.updateLinkSession(
            linkToken,
            error.code === 'link.expired' ? 'expired' : 'failed',
            error.details?.providerCode?.toString() ?? error.code,
          );
          return null;
        }
        throw error;
      });
    if (status === null) return settledProgress(rt, requireSession(rt, linkToken))!;
    if (status.status === 'EXPIRED') {
      rt.journal.updateLinkSession(linkToken, 'expired');
      return settledProgress(rt, requireSession(rt, linkToken))!;
    }
    if (status.status === 'COMPLETED') {
      // The provider handed its code out and it was exchanged, yet this till holds no link from it (the
      // exchange's answer was lost, or the token could not be stored): nothing more will come. Link again.
      rt.journal.updateLinkSession(linkToken, 'failed', 'completed-without-link');
      return settledProgress(rt, requireSession(rt, linkToken))!;
    }
    if (status.status === 'CODE_ISSUED' && status.authCode) {
      // The code came over our authenticated API call, not through a browser: no state to check.
      const customer = await exchangeCode(rt, current, status.authCode).catch((error: unknown) => {
        if (error instanceof PosError) return null;
        throw error;
      });
      if (customer) return { state: 'linked', customer, reason: null };
      return settledProgress(rt, requireSession(rt, linkToken)) ?? FAILED;
    }
    return { state: 'waiting', customer: null, reason: null };
  });
}

async function exchangeCode(rt: CustomerRuntime, session: LinkSessionRow, code: string): Promise<LinkedCustomerView> {
  const connection = await rt.access.connection();
  if (connection.merchantId !== session.merchantId) {
    rt.journal.updateLinkSession(session.linkToken, 'failed', 'merchant-changed');
    throw new PosError('link.failed', { cause: new Error('The merchant settings changed while linking.') });
  }
  rt.journal.updateLinkSession(session.linkToken, 'exchanging');
  let paymentToken: string;
  try {
    ({ paymentToken } = await rt.audit.run({ merchantUserId: session.merchantUserId, merchantRef: null }, () =>
      connection.client.exchangeCode(code),
    ));
  } catch (error) {
    rt.journal.updateLinkSession(
      session.linkToken,
      error instanceof PosError && error.code === 'link.expired' ? 'expired' : 'failed',
      error instanceof PosError ? error.code : 'internal',
    );
    throw error;
  }
  let customer: CustomerRow;
  try {
    const sealed = await rt.cipher.seal(paymentToken, session.merchantUserId);
    customer = rt.journal.atomically(() => {
      const row = rt.journal.saveLinked({
        merchantUserId: session.merchantUserId,
        merchantId: session.merchantId,
        tokenSealed: sealed,
        hint: session.hint,
        linkedBy: session.startedBy,
      });
      rt.journal.updateLinkSession(session.linkToken, 'linked');
      rt.journal.appendEvent({
        merchantUserId: session.merchantUserId,
        kind: 'status',
        notice: notice('customer-event.linked', { session: session.linkToken }),
      });
      return row;
    });
  } catch (error) {
    // The code is spent and the token could not be kept: left 'exchanging', the session would look alive
    // until it expires (a poll says "waiting" for 20 minutes). It failed; linking again gives the same token.
    try {
      rt.journal.updateLinkSession(session.linkToken, 'failed', `store-failed: ${reasonOf(error)}`);
    } catch {
      // The journal itself is down: its own error below is the one to show.
    }
    if (error instanceof PosError) throw error;
    throw new PosError('vault.unavailable', { notice: notice('link.not-stored'), cause: error });
  }
  rt.appTokens.delete(session.linkToken);
  publish(rt, session.merchantUserId);
  return toCustomerView(customer);
}

/** A session that ended without a link; the code's text says what to do (start again). */
const FAILED: LinkProgress = { state: 'failed', customer: null, reason: { code: 'link.failed' } };

function settledProgress(rt: CustomerRuntime, session: LinkSessionRow): LinkProgress | null {
  if (session.status === 'linked') {
    const customer = rt.journal.getCustomer(session.merchantUserId);
    return { state: 'linked', customer: customer ? toCustomerView(customer) : null, reason: null };
  }
  if (session.status === 'failed') return FAILED;
  if (session.status === 'expired' || session.expiresAt <= rt.options.now()) {
    if (session.status !== 'expired') rt.journal.updateLinkSession(session.linkToken, 'expired');
    return { state: 'expired', customer: null, reason: { code: 'link.expired' } };
  }
  return null;
}

function refuseClosedSession(rt: CustomerRuntime, session: LinkSessionRow): void {
  const settled = settledProgress(rt, session);
  if (settled?.state === 'expired') throw new PosError('link.expired');
  if (settled) throw new PosError('link.failed');
}

function requireSession(rt: CustomerRuntime, linkToken: string): LinkSessionRow {
  const session = rt.journal.getLinkSession(linkToken);
  if (!session)
    throw new PosError('link.failed', { cause: new Error(`link session ${linkToken} is not known on this till`) });
  return session;
}

function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

function sameHash(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}
