import { FINAL_ORDER_STATUSES } from '../../../shared/payments.ts';
import { formatMoney, money } from '../../../shared/money.ts';
import type { Reply } from '../http.ts';
import type { SandboxOrder } from './orders.ts';

// The consumer's side of the redirect flow (`url_payload`) and of any merchant QR in a demo: a tiny page
// with Pay and Decline. Plain HTML forms, no script, so it works in any browser or a test's fetch.

const STATUS_TEXT: Record<string, string> = {
  CREATED: 'Waiting for you to pay',
  PENDING: 'Scanned, waiting for your confirmation',
  PROCESSING: 'Processing your payment…',
  CAPTURED: 'Paid. Thank you!',
  FAILED: 'Payment failed',
  CANCELLED: 'Cancelled by the merchant',
  REFUNDED: 'Refunded',
  ABANDONED: 'Expired',
};

export function payPage(order: SandboxOrder, merchantName: string, actionBase: string): Reply {
  const payable = order.status === 'CREATED' || order.status === 'PENDING';
  const amount = formatMoney(money(order.amount, order.currency));
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${FINAL_ORDER_STATUSES.has(order.status) ? '' : '<meta http-equiv="refresh" content="2">'}
<title>Pay ${escapeHtml(amount)} — sandbox wallet</title>
<style>body{font:16px system-ui,sans-serif;max-width:24rem;margin:2rem auto;padding:0 1rem;color:#222}
.amount{font-size:2.5rem;font-weight:700;margin:.5rem 0}.muted{color:#666;font-size:.9rem}
form{display:inline}button{font-size:1.1rem;padding:.7rem 1.4rem;margin:.5rem .5rem 0 0;border-radius:.5rem;border:1px solid #888}
.pay{background:#e8412c;color:#fff;border-color:#e8412c}</style></head>
<body>
<p class="muted">Sandbox wallet — no real money moves</p>
<h1>${escapeHtml(merchantName)}</h1>
<div class="amount" data-testid="amount">${escapeHtml(amount)}</div>
<p data-testid="status" data-status="${order.status}">${escapeHtml(STATUS_TEXT[order.status] ?? order.status)}${
    order.failureReason ? ` (${escapeHtml(order.failureReason)})` : ''
  }</p>
<p class="muted">Order ${escapeHtml(order.shopbackOrderId)}</p>
${
  payable
    ? `<form method="post" action="${escapeHtml(actionBase)}/pay"><button class="pay" type="submit">Pay</button></form>
<form method="post" action="${escapeHtml(actionBase)}/decline"><button type="submit">Decline</button></form>`
    : ''
}
</body></html>
`;
  return {
    status: 200,
    body: html,
    contentType: 'text/html; charset=utf-8',
    headers: {
      'Content-Security-Policy':
        "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
    },
  };
}

export function seeOther(location: string): Reply {
  return { status: 303, body: '', contentType: 'text/plain; charset=utf-8', headers: { Location: location } };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
