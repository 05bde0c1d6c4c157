import type { Reply } from '../http.ts';
import type { SandboxLinkSession } from './link-sessions.ts';

// The consumer's consent page at a link session's redirectUrl (wire-details §3.3: "a small HTML page with
// Approve / Decline buttons"). Plain forms, no script. Browsers do not resend a custom header on a form
// post, so the page carries the app token in a hidden field and the POST accepts it from there too.
// The form posts back to the page's own URL (no action attribute), so it also works behind a proxy that
// serves the page under another origin (the web preview). Its CSP allows the form, and the redirect that
// follows it, to go only to this page and to the session's callback origin.

export type ConsentView =
  | {
      readonly kind: 'ask';
      readonly session: SandboxLinkSession;
      readonly merchantName: string;
      readonly appToken: string;
    }
  | {
      readonly kind: 'declined';
      readonly session: SandboxLinkSession;
      readonly merchantName: string;
      readonly appToken: string;
    }
  | { readonly kind: 'done'; readonly merchantName: string }
  | { readonly kind: 'expired' }
  | { readonly kind: 'no-app-token' };

const STYLE = `body{font:16px system-ui,sans-serif;max-width:26rem;margin:2rem auto;padding:0 1rem;color:#222}
.muted{color:#666;font-size:.9rem}form{display:inline}
button{font-size:1.1rem;padding:.7rem 1.4rem;margin:.5rem .5rem 0 0;border-radius:.5rem;border:1px solid #888;background:#fff}
.approve{background:#e8412c;color:#fff;border-color:#e8412c}`;

export function consentPage(view: ConsentView): Reply {
  switch (view.kind) {
    case 'ask':
      return page(
        200,
        'ask',
        `Link your wallet to ${view.merchantName}`,
        askBody(view.session, view.merchantName, view.appToken, false),
        view.session.callbackUrl,
      );
    case 'declined':
      return page(
        200,
        'declined',
        'Linking declined',
        askBody(view.session, view.merchantName, view.appToken, true),
        view.session.callbackUrl,
      );
    case 'done':
      return page(
        200,
        'done',
        'Already linked',
        `<p data-testid="consent-message">Your wallet is already linked to ${escapeHtml(view.merchantName)}. You can close this window.</p>`,
        null,
      );
    case 'expired':
      return page(
        410,
        'expired',
        'Link expired',
        '<p data-testid="consent-message">This linking request has expired. Ask the cashier to start again.</p>',
        null,
      );
    case 'no-app-token':
      return page(
        401,
        'no-app-token',
        'Open from the merchant app',
        '<p data-testid="consent-message">This page must be opened by the merchant\'s app (the app token is missing, expired or not for this request).</p>',
        null,
      );
  }
}

function askBody(session: SandboxLinkSession, merchantName: string, appToken: string, declined: boolean): string {
  const hint = session.userHint.email ?? session.userHint.phone ?? '';
  const token = escapeHtml(appToken);
  return `${declined ? '<p data-testid="consent-message"><strong>You declined.</strong> Nothing was linked. You can still approve below, or close this window.</p>' : ''}
<p><strong>${escapeHtml(merchantName)}</strong> asks to charge your sandbox wallet without a checkout each time.</p>
<p data-testid="user-hint">Account: ${escapeHtml(hint)}</p>
<p class="muted">You can unlink at any time. Cashback is applied to payments unless the merchant switches it off.</p>
<form method="post"><input type="hidden" name="appToken" value="${token}"><input type="hidden" name="decision" value="approve"><button class="approve" type="submit" data-testid="consent-approve">Approve</button></form>
<form method="post"><input type="hidden" name="appToken" value="${token}"><input type="hidden" name="decision" value="decline"><button type="submit" data-testid="consent-decline">Decline</button></form>`;
}

function page(status: number, state: string, title: string, body: string, callbackUrl: string | null): Reply {
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} — sandbox wallet</title>
<style>${STYLE}</style></head>
<body data-consent-state="${state}">
<p class="muted">Sandbox wallet — no real money moves</p>
<h1>${escapeHtml(title)}</h1>
${body}
</body></html>
`;
  const formTargets = callbackUrl && URL.canParse(callbackUrl) ? ` ${new URL(callbackUrl).origin}` : '';
  return {
    status,
    body: html,
    contentType: 'text/html; charset=utf-8',
    headers: {
      'Content-Security-Policy': `default-src 'none'; style-src 'unsafe-inline'; form-action 'self'${formTargets}; frame-ancestors 'none'`,
      'Referrer-Policy': 'no-referrer',
    },
  };
}

/** 302 to the merchant's callback with `state` and `code` added to whatever query it already has. */
export function redirectToCallback(session: SandboxLinkSession, code: string): Reply {
  const url = new URL(session.callbackUrl);
  url.searchParams.set('state', session.state);
  url.searchParams.set('code', code);
  return {
    status: 302,
    body: '',
    contentType: 'text/plain; charset=utf-8',
    headers: { Location: url.toString(), 'Referrer-Policy': 'no-referrer' },
  };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
