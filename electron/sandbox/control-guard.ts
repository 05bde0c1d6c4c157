import type { IncomingHttpHeaders } from 'node:http';
import { GENERIC_MESSAGES, isLoopbackAddress } from './http.ts';

// Who may use the control API (`/_sandbox`), which has no key: anyone who reaches it can confirm a payment as
// the customer or switch faults on. The peer must be this computer, and that is not enough: a web page in a
// browser on the till reaches 127.0.0.1 too, through a hostile name re-pointed at it (DNS rebinding: its
// requests carry that name in Host) or directly (a cross-site "simple" POST needs no preflight and carries
// Origin). So, as the till's own listeners do (the register connection, the webhook receivers, the web host),
// a control request must name this computer at the sandbox's port in Host, and carry no Origin: tests, the
// CLI and the till call it from Node, never from a page.

const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]'];

/** Why a control request is refused, or null when it may be served. */
export function controlRefusal(
  peer: string | undefined,
  headers: IncomingHttpHeaders,
  own: { readonly port: number; readonly publicOrigin: string },
): string | null {
  if (!isLoopbackAddress(peer)) return GENERIC_MESSAGES.loopbackOnly;
  if (headers.origin !== undefined) return GENERIC_MESSAGES.controlFromPage;
  const host = headers.host?.toLowerCase();
  const named = LOOPBACK_NAMES.map((name) => `${name}:${own.port}`).concat(new URL(own.publicOrigin).host);
  return host !== undefined && named.includes(host) ? null : GENERIC_MESSAGES.controlForeignHost;
}
