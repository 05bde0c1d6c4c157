import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ConsentOnDisplay } from '../../shared/consent.ts';
import { defaultMessage } from '../../shared/errors.ts';
import type { MessageKey } from '../../shared/locales/en/screens.ts';
import { LANGUAGES, type Locale } from '../../shared/locales/index.ts';
import type { Result } from '../../shared/result.ts';
import type { SettingsView } from '../../shared/settings.ts';
import type { CoreApi } from '../core/core-api.ts';
import type { ConsentRequest } from '../core/customers/linking.ts';
import { dispatch } from '../core/dispatch.ts';
import { readRequestBody } from '../core/http/request-body.ts';
import { consentNavigation } from '../core/security/consent-navigation.ts';
import { assertExpectedConsentPage, isExpectedConsentPage } from '../core/security/consent-page.ts';

// The browser preview's stand-in for the Electron consent window (wire-details §3.3). A browser tab cannot
// add the app-token header to a page it opens, and the consent page forbids framing, so the web host shows
// it in a popup through this broker: `/consent/<linkToken>?ticket=…` fetches exactly that session's consent
// page with the header added, and forwards the page's own form posts. When the provider answers with the
// redirect to our callbackUrl, the broker completes the link itself (state checked, code exchanged at once,
// customers.updated sent by the core) and shows "Linked". It is not a proxy for anything else: the target
// is always the session's consent URL from the core, never something taken from the request.
//
// The popup cannot send the host's Bearer token, so each popup gets a ticket: 32 random bytes, bound to one
// linking session, valid until the session ends (20 minutes at most), replaced when the page is opened
// again, dropped once linked. The proxied page is served with `sandbox allow-forms`: it runs in an opaque
// origin, so whatever a provider's page contains cannot reach the app's storage or its opener.
// The broker's own pages (an outcome, a refusal) speak the customer-facing language, from shared/locales/.

export const CONSENT_PREFIX = '/consent/';

export interface ConsentBrokerOptions {
  /** The core it serves. A function: the broker is made before the core, which takes its `open` as opener. */
  readonly core: () => CoreApi;
  readonly fetch?: typeof fetch;
  readonly now?: () => number;
  /** Upper bound for a ticket's life (the session's own expiry applies too). */
  readonly ticketTtlMs?: number;
  /** How long to wait for the provider's consent page. */
  readonly timeoutMs?: number;
}

export interface ConsentBroker {
  /** customers.openConsent for the web host: a ticketed address for the customer display to open. */
  open(linkToken: string): Promise<ConsentOnDisplay>;
  /** Serves `/consent/<linkToken>` (GET shows the page, POST forwards its forms). */
  handle(request: IncomingMessage, response: ServerResponse, url: URL): Promise<void>;
}

interface Ticket {
  readonly hash: Buffer;
  readonly expiresAt: number;
}

const LINK_TOKEN = /^[A-Za-z0-9-]{1,128}$/;
const MAX_TICKETS = 64;
const MAX_FORM_BYTES = 16 * 1024;
const MAX_PAGE_BYTES = 512 * 1024;
const DEFAULT_TICKET_TTL_MS = 20 * 60 * 1000;
const DEFAULT_TIMEOUT_MS = 20_000;
/** Added to every page the broker serves: no script, no framing, an opaque origin (forms still work). */
const BROKER_PAGE_POLICY = "sandbox allow-forms; frame-ancestors 'none'";

export function createConsentBroker(options: ConsentBrokerOptions): ConsentBroker {
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const now = options.now ?? Date.now;
  const tickets = createTickets(now, options.ticketTtlMs ?? DEFAULT_TICKET_TTL_MS);

  async function open(linkToken: string): Promise<ConsentOnDisplay> {
    // Throws link.failed / link.expired when the session cannot be shown: no ticket for a dead session.
    const target = options.core().consent.consentRequest(linkToken);
    // Never a ticket for a page the environment does not serve (plain http, another host): link.failed.
    assertExpectedConsentPage(target.url, target.gateway);
    const ticket = tickets.issue(linkToken, Date.parse(target.expiresAt));
    return {
      linkToken,
      url: `${CONSENT_PREFIX}${encodeURIComponent(linkToken)}?ticket=${ticket}`,
      expiresAt: target.expiresAt,
    };
  }

  async function handle(request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> {
    const show = pageWriter(response, await customerLocale(options.core()));
    const linkToken = url.pathname.slice(CONSENT_PREFIX.length);
    const refused = refusal(request, url, linkToken, tickets);
    if (refused) return show(refused);
    let target: ConsentRequest;
    try {
      target = options.core().consent.consentRequest(linkToken);
    } catch {
      tickets.drop(linkToken);
      return show(await sessionOver(options.core(), linkToken));
    }
    // Checked again at the point of use: the app token goes only to the environment's own https hosts.
    if (!isExpectedConsentPage(target.url, target.gateway)) {
      tickets.drop(linkToken);
      return show(page(502, 'unexpected', 'consentPage.untrusted', 'consentPage.untrustedExplain'));
    }
    const form = await readForm(request);
    if (typeof form === 'object') return show(form);
    const upstream = await fetchConsentPage(fetchImpl, target, request.method!, form, {
      timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    });
    if (upstream === null)
      return show(page(502, 'unreachable', 'consentPage.unreachable', 'consentPage.unreachableExplain'));
    if (upstream.status >= 300 && upstream.status < 400) {
      const outcome = await completeLink(options.core(), upstream, target, linkToken);
      if (outcome.state !== 'unexpected') tickets.drop(linkToken);
      return show(outcome);
    }
    const refusedPage = await relayPage(response, upstream);
    if (refusedPage) return show(refusedPage);
  }

  return { open, handle };
}

/** The tickets of open linking sessions: one per session, only its hash kept, never more than MAX_TICKETS. */
function createTickets(now: () => number, ttlMs: number) {
  const tickets = new Map<string, Ticket>();

  function prune(): void {
    for (const [linkToken, ticket] of tickets) if (ticket.expiresAt <= now()) tickets.delete(linkToken);
    // Oldest first (insertion order): a flood of openings cannot grow the map without bound.
    while (tickets.size >= MAX_TICKETS) tickets.delete(tickets.keys().next().value!);
  }

  return {
    /** A new ticket for the session, replacing its last one; it lapses with the session at the latest. */
    issue(linkToken: string, sessionExpiresAt: number): string {
      prune();
      const ticket = randomBytes(32).toString('base64url');
      tickets.delete(linkToken);
      tickets.set(linkToken, { hash: sha256(ticket), expiresAt: Math.min(now() + ttlMs, sessionExpiresAt) });
      return ticket;
    },
    fits(linkToken: string, presented: string | null): boolean {
      const ticket = tickets.get(linkToken);
      if (!ticket || presented === null || ticket.expiresAt <= now()) return false;
      return timingSafeEqual(ticket.hash, sha256(presented));
    },
    drop(linkToken: string): void {
      tickets.delete(linkToken);
    },
  };
}

type Tickets = ReturnType<typeof createTickets>;

/** One of the broker's own small pages: its status, its state for the tests, and its words. */
interface BrokerPage {
  readonly status: number;
  readonly state: string;
  readonly title: ConsentWord;
  /** A key of the words, or a text the core already wrote (why a link failed). */
  readonly message: ConsentWord | { readonly text: string };
}

type ConsentWord = Extract<MessageKey, `consentPage.${string}`>;

function page(status: number, state: string, title: ConsentWord, message: BrokerPage['message']): BrokerPage {
  return { status, state, title, message };
}

const LINKED = page(200, 'linked', 'consentPage.linked', 'consentPage.linkedExplain');

/** What is wrong with the request before anything is fetched: the address, the method, the origin, the ticket. */
function refusal(request: IncomingMessage, url: URL, linkToken: string, tickets: Tickets): BrokerPage | null {
  if (!LINK_TOKEN.test(linkToken)) return page(404, 'invalid', 'consentPage.notFound', 'consentPage.notFoundExplain');
  if (request.method !== 'GET' && request.method !== 'POST')
    return page(405, 'invalid', 'consentPage.notAllowed', 'consentPage.onlyConsentForm');
  // Our own pages post here from an opaque origin (the sandboxed page): Origin is "null" then.
  const origin = request.headers.origin;
  if (origin !== undefined && origin !== 'null' && !isSameHostOrigin(origin, request.headers.host))
    return page(403, 'invalid', 'consentPage.notAllowed', 'consentPage.onlyFromTill');
  if (!tickets.fits(linkToken, url.searchParams.get('ticket')))
    return page(403, 'invalid', 'consentPage.linkInvalid', 'consentPage.linkInvalidExplain');
  return null;
}

/** A POST's form (the consent page's own, url-encoded), undefined for a GET, or the page refusing it. */
async function readForm(request: IncomingMessage): Promise<string | undefined | BrokerPage> {
  if (request.method !== 'POST') return undefined;
  if (!/^application\/x-www-form-urlencoded\s*(;|$)/i.test(request.headers['content-type'] ?? ''))
    return page(415, 'invalid', 'consentPage.notAllowed', 'consentPage.onlyOwnForm');
  const form = await readRequestBody(request, MAX_FORM_BYTES);
  return form ?? page(413, 'invalid', 'consentPage.notAllowed', 'consentPage.formTooLarge');
}

/** The session's consent page with the app-token header added; null when the wallet cannot be reached. */
async function fetchConsentPage(
  fetchImpl: typeof fetch,
  target: ConsentRequest,
  method: string,
  body: string | undefined,
  { timeoutMs }: { timeoutMs: number },
): Promise<Response | null> {
  try {
    return await fetchImpl(target.url, {
      method,
      headers: {
        ...target.headers,
        Accept: 'text/html',
        ...(body === undefined ? {} : { 'Content-Type': 'application/x-www-form-urlencoded' }),
      },
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch {
    return null;
  }
}

/** The wallet redirected: to our callback it completes the link (state checked, code exchanged), else it is refused. */
async function completeLink(
  core: CoreApi,
  upstream: Response,
  target: ConsentRequest,
  linkToken: string,
): Promise<BrokerPage> {
  await upstream.body?.cancel();
  const location = upstream.headers.get('location');
  const resolved = location !== null && URL.canParse(location, target.url) ? new URL(location, target.url).href : '';
  if (consentNavigation(resolved, { consentUrl: target.url, callbackUrl: target.callbackUrl }) !== 'callback')
    return page(502, 'unexpected', 'consentPage.unexpected', 'consentPage.sentElsewhere');
  const result = (await dispatch(core.handlers, 'customers.completeLink', {
    linkToken,
    redirectedTo: resolved,
  })) as Result<{ merchantUserId: string }>;
  if (!result.ok) return page(200, 'failed', 'consentPage.notLinked', { text: result.error.message });
  return LINKED;
}

/** The wallet's page itself, with our policy on top of its own; or why it was not relayed. */
async function relayPage(response: ServerResponse, upstream: Response): Promise<BrokerPage | null> {
  const type = upstream.headers.get('content-type') ?? '';
  if (!/^text\/html\s*(;|$)/i.test(type)) {
    await upstream.body?.cancel();
    return page(502, 'unexpected', 'consentPage.unexpected', 'consentPage.notAPage');
  }
  const html = await readResponseLimited(upstream, MAX_PAGE_BYTES);
  if (html === null) return page(502, 'unexpected', 'consentPage.unexpected', 'consentPage.pageTooLarge');
  const upstreamPolicy = upstream.headers.get('content-security-policy');
  response.writeHead(upstream.status, {
    ...PAGE_HEADERS,
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Length': String(html.length),
    // Both policies apply: the provider's own, and ours on top.
    'Content-Security-Policy': upstreamPolicy ? [upstreamPolicy, BROKER_PAGE_POLICY] : BROKER_PAGE_POLICY,
  });
  response.end(html);
  return null;
}

/** The session is no longer open: say how it ended (the core knows), so a reload after linking reads well. */
async function sessionOver(core: CoreApi, linkToken: string): Promise<BrokerPage> {
  const status = await dispatch(core.handlers, 'customers.linkStatus', { linkToken });
  if (status.ok && (status.value as { state: string }).state === 'linked') return LINKED;
  const message = status.ok
    ? ((status.value as { message: string | null }).message ?? defaultMessage('link.failed'))
    : status.error.message;
  return page(410, 'over', 'consentPage.ended', { text: message });
}

/** The popup is the customer's: it speaks the customer-facing language ('' = the till's), English without one. */
async function customerLocale(core: CoreApi): Promise<Locale> {
  const view = await dispatch(core.handlers, 'settings.get', {});
  if (!view.ok) return 'en';
  const { settings } = view.value as SettingsView;
  return settings.customerLocale || settings.locale;
}

const PAGE_HEADERS = {
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
} as const;

/** Writes the broker's own small pages (outcome, refusals) in `locale`: no script, no form, sandboxed like the proxied page. */
function pageWriter(response: ServerResponse, locale: Locale): (shown: BrokerPage) => void {
  const words = LANGUAGES[locale].screens;
  return ({ status, state, title, message }) => {
    const text = typeof message === 'string' ? words[message] : message.text;
    const html = `<!doctype html>
<html lang="${escapeHtml(locale)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(words[title])} — Wallet POS</title>
<style>body{font:16px system-ui,sans-serif;max-width:26rem;margin:2rem auto;padding:0 1rem;color:#222}</style></head>
<body data-consent-state="${escapeHtml(state)}">
<h1>${escapeHtml(words[title])}</h1>
<p data-testid="consent-result" role="status">${escapeHtml(text)}</p>
</body></html>
`;
    const body = Buffer.from(html, 'utf8');
    response.writeHead(status, {
      ...PAGE_HEADERS,
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Length': String(body.length),
      'Content-Security-Policy': `default-src 'none'; style-src 'unsafe-inline'; form-action 'none'; ${BROKER_PAGE_POLICY}`,
    });
    response.end(body);
  };
}

function isSameHostOrigin(origin: string, host: string | undefined): boolean {
  return host !== undefined && origin.toLowerCase() === `http://${host.toLowerCase()}`;
}

function sha256(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

async function readResponseLimited(response: Response, limit: number): Promise<Buffer | null> {
  if (!response.body) return Buffer.alloc(0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return Buffer.concat(chunks);
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
