import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ConsentOnDisplay } from '../../shared/contract.ts';
import { defaultMessage } from '../../shared/errors.ts';
import type { Result } from '../../shared/result.ts';
import type { CoreApi } from '../core/core-api.ts';
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
  const ttlMs = options.ticketTtlMs ?? DEFAULT_TICKET_TTL_MS;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const tickets = new Map<string, Ticket>();

  function prune(): void {
    for (const [linkToken, ticket] of tickets) if (ticket.expiresAt <= now()) tickets.delete(linkToken);
    // Oldest first (insertion order): a flood of openings cannot grow the map without bound.
    while (tickets.size >= MAX_TICKETS) tickets.delete(tickets.keys().next().value!);
  }

  function ticketFits(linkToken: string, presented: string | null): boolean {
    const ticket = tickets.get(linkToken);
    if (!ticket || presented === null || ticket.expiresAt <= now()) return false;
    return timingSafeEqual(ticket.hash, sha256(presented));
  }

  async function open(linkToken: string): Promise<ConsentOnDisplay> {
    // Throws link.failed / link.expired when the session cannot be shown: no ticket for a dead session.
    const target = options.core().consent.consentRequest(linkToken);
    // Never a ticket for a page the environment does not serve (plain http, another host): link.failed.
    assertExpectedConsentPage(target.url, target.gateway);
    prune();
    const ticket = randomBytes(32).toString('base64url');
    tickets.delete(linkToken);
    tickets.set(linkToken, { hash: sha256(ticket), expiresAt: Math.min(now() + ttlMs, Date.parse(target.expiresAt)) });
    return {
      linkToken,
      url: `${CONSENT_PREFIX}${encodeURIComponent(linkToken)}?ticket=${ticket}`,
      expiresAt: target.expiresAt,
    };
  }

  async function handle(request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> {
    const linkToken = url.pathname.slice(CONSENT_PREFIX.length);
    if (!LINK_TOKEN.test(linkToken))
      return sendPage(response, 404, 'invalid', 'Not found', 'There is no consent page here.');
    if (request.method !== 'GET' && request.method !== 'POST') {
      response.setHeader('Allow', 'GET, POST');
      return sendPage(response, 405, 'invalid', 'Not allowed', 'This page only shows the consent form.');
    }
    // Our own pages post here from an opaque origin (the sandboxed page): Origin is "null" then.
    const origin = request.headers.origin;
    if (origin !== undefined && origin !== 'null' && !isSameHostOrigin(origin, request.headers.host)) {
      return sendPage(response, 403, 'invalid', 'Not allowed', 'This page can only be used from the till.');
    }
    if (!ticketFits(linkToken, url.searchParams.get('ticket'))) {
      return sendPage(
        response,
        403,
        'invalid',
        'Link no longer valid',
        'This consent link is no longer valid. Start linking again from the till.',
      );
    }
    let target;
    try {
      target = options.core().consent.consentRequest(linkToken);
    } catch {
      tickets.delete(linkToken);
      return sendSessionOver(response, linkToken);
    }

    // Checked again at the point of use: the app token goes only to the environment's own https hosts.
    if (!isExpectedConsentPage(target.url, target.gateway)) {
      tickets.delete(linkToken);
      return sendPage(
        response,
        502,
        'unexpected',
        'Unexpected consent page',
        'The wallet named a consent page at an unexpected address; it was not opened. Start linking again from the till.',
      );
    }

    let body: string | undefined;
    if (request.method === 'POST') {
      if (!/^application\/x-www-form-urlencoded\s*(;|$)/i.test(request.headers['content-type'] ?? '')) {
        return sendPage(response, 415, 'invalid', 'Not allowed', 'This page only accepts its own form.');
      }
      const form = await readRequestBody(request, MAX_FORM_BYTES);
      if (form === null) return sendPage(response, 413, 'invalid', 'Not allowed', 'The form is too large.');
      body = form;
    }

    let upstream: Response;
    try {
      upstream = await fetchImpl(target.url, {
        method: request.method,
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
      return sendPage(
        response,
        502,
        'unreachable',
        'Consent page unavailable',
        'The wallet’s consent page cannot be reached right now. Close this window and try again.',
      );
    }

    if (upstream.status >= 300 && upstream.status < 400) {
      await upstream.body?.cancel();
      const location = upstream.headers.get('location');
      const resolved =
        location !== null && URL.canParse(location, target.url) ? new URL(location, target.url).href : '';
      if (consentNavigation(resolved, { consentUrl: target.url, callbackUrl: target.callbackUrl }) !== 'callback') {
        return sendPage(
          response,
          502,
          'unexpected',
          'Unexpected answer',
          'The wallet sent this window somewhere unexpected. Close it and start linking again.',
        );
      }
      const result = (await dispatch(options.core().handlers, 'customers.completeLink', {
        linkToken,
        redirectedTo: resolved,
      })) as Result<{ merchantUserId: string }>;
      tickets.delete(linkToken);
      if (!result.ok) return sendPage(response, 200, 'failed', 'Not linked', result.error.message);
      return sendPage(response, 200, 'linked', 'Linked', 'Linked — you can close this window.');
    }

    const type = upstream.headers.get('content-type') ?? '';
    if (!/^text\/html\s*(;|$)/i.test(type)) {
      await upstream.body?.cancel();
      return sendPage(
        response,
        502,
        'unexpected',
        'Unexpected answer',
        'The wallet’s consent page sent something that is not a page.',
      );
    }
    const page = await readResponseLimited(upstream, MAX_PAGE_BYTES);
    if (page === null)
      return sendPage(response, 502, 'unexpected', 'Unexpected answer', 'The wallet’s consent page is too large.');
    const upstreamPolicy = upstream.headers.get('content-security-policy');
    response.writeHead(upstream.status, {
      ...PAGE_HEADERS,
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Length': String(page.length),
      // Both policies apply: the provider's own, and ours on top.
      'Content-Security-Policy': upstreamPolicy ? [upstreamPolicy, BROKER_PAGE_POLICY] : BROKER_PAGE_POLICY,
    });
    response.end(page);
  }

  /** The session is no longer open: say how it ended (the core knows), so a reload after linking reads well. */
  async function sendSessionOver(response: ServerResponse, linkToken: string): Promise<void> {
    const status = await dispatch(options.core().handlers, 'customers.linkStatus', { linkToken });
    if (status.ok && (status.value as { state: string }).state === 'linked') {
      return sendPage(response, 200, 'linked', 'Linked', 'Linked — you can close this window.');
    }
    const message = status.ok
      ? ((status.value as { message: string | null }).message ?? defaultMessage('link.failed'))
      : status.error.message;
    return sendPage(response, 410, 'over', 'Linking ended', message);
  }

  return { open, handle };
}

const PAGE_HEADERS = {
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
} as const;

/** The broker's own small pages (outcome, refusals): no script, no form, sandboxed like the proxied page. */
function sendPage(response: ServerResponse, status: number, state: string, title: string, message: string): void {
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} — Wallet POS</title>
<style>body{font:16px system-ui,sans-serif;max-width:26rem;margin:2rem auto;padding:0 1rem;color:#222}</style></head>
<body data-consent-state="${escapeHtml(state)}">
<h1>${escapeHtml(title)}</h1>
<p data-testid="consent-result" role="status">${escapeHtml(message)}</p>
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
