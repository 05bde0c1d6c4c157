import type { IncomingHttpHeaders } from 'node:http';
import { PosError } from '../../../shared/errors.ts';

// Who may talk to the register connection. On this computer only, it listens on 127.0.0.1, and a request must
// also name the till in Host: a web page in the shop's browser can reach 127.0.0.1 through a hostile name
// re-pointed at it (DNS rebinding), and its requests then carry that name. On the shop network it is HTTPS
// with the till's own certificate, which browsers refuse. In both modes a request carrying Origin came from a
// browser page, not a register program, and is refused.

const LOOPBACK_NAMES = ['127.0.0.1', 'localhost'];

export function checkCaller(headers: IncomingHttpHeaders, listener: { port: number; loopbackOnly: boolean }): void {
  if (headers.origin !== undefined) {
    throw new PosError('ecr.forbidden', {
      message: `A browser page (Origin ${headers.origin}) may not use the register connection.`,
    });
  }
  if (!listener.loopbackOnly) return;
  const host = headers.host?.toLowerCase();
  if (!LOOPBACK_NAMES.some((name) => host === `${name}:${listener.port}`)) {
    throw new PosError('ecr.forbidden', { message: `Host ${headers.host ?? '(none)'} is not this till.` });
  }
}

/** `Authorization: Bearer <key>` → the key, else null. The scheme is case-insensitive (RFC 9110 §11.1). */
export function presentedKey(headers: IncomingHttpHeaders): string | null {
  const match = /^Bearer +([\x21-\x7e]{1,256})$/i.exec(headers.authorization ?? '');
  return match ? match[1]! : null;
}
