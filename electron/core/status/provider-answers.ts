import type { HttpExchange } from '../http/exchange.ts';

// What one HTTP attempt to the provider says about whether the provider is there. The status bar must not
// say "reachable" for 30 s while every payment call gets a 503: each attempt the services make is evidence,
// the periodic probe only fills the quiet times.

/**
 * True: the provider answered (any 1xx–4xx: it judged the request, even if it refused it). False: no answer
 * at all (network error, our timeout) or a 5xx (it is there but not well enough to take payments).
 */
export function providerAnswered(exchange: Pick<HttpExchange, 'status' | 'error'>): boolean {
  if (exchange.status === null) return false;
  return exchange.status < 500;
}
