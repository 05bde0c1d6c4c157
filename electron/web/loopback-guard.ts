// DNS-rebinding and cross-site guard for the web host. Binding to 127.0.0.1 keeps other machines out, but
// a web page in the cashier's own browser can still reach 127.0.0.1: through a hostile domain re-pointed at
// 127.0.0.1 (its requests carry `Host: evil.example:PORT`) or directly (they carry `Origin: https://evil…`).
// So every request must name us in Host, and any Origin it carries must be ours.

const LOOPBACK_NAMES = ['127.0.0.1', 'localhost'];

export function isOwnHostHeader(host: string | undefined, port: number): boolean {
  if (typeof host !== 'string') return false;
  return LOOPBACK_NAMES.some((name) => host.toLowerCase() === `${name}:${port}`);
}

/** Browsers send Origin on every POST and WebSocket handshake; absent means a non-browser client. */
export function isOwnOriginHeader(origin: string | undefined, port: number): boolean {
  if (origin === undefined) return true;
  return LOOPBACK_NAMES.some((name) => origin.toLowerCase() === `http://${name}:${port}`);
}
