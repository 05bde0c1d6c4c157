import type { z } from 'zod';
import type { linkStatusResponseSchema } from './schemas.ts';
import { LINK_SESSION_STATUSES, type LinkSessionStatus } from './wire.ts';

// Account linking's shapes on our side (tokenized-payment-api.md, link sessions): what a link session is asked
// with, and its status as the till reads it, an unknown state kept apart from the four it knows.

export interface LinkSessionInput {
  readonly callbackUrl: string;
  /** CSRF nonce, echoed on the redirect; at least 16 characters. */
  readonly state: string;
  readonly merchantUserId: string;
  /** Pre-redacted, shown on the consent page; phone or email (or both). */
  readonly userHint: { readonly phone?: string | undefined; readonly email?: string | undefined };
}

export interface LinkSessionStatusView {
  readonly linkToken: string;
  /** One of the four known states; anything else the provider adds is reported as 'UNKNOWN'. */
  readonly status: LinkSessionStatus | 'UNKNOWN';
  readonly providerStatus: string;
  readonly expiresAt: string | null;
  readonly authCode: string | null;
  readonly authCodeExpiresAt: string | null;
}

export function linkSessionStatusView(wire: z.output<typeof linkStatusResponseSchema>): LinkSessionStatusView {
  const known = (LINK_SESSION_STATUSES as readonly string[]).includes(wire.status);
  return {
    linkToken: wire.linkToken,
    status: known ? (wire.status as LinkSessionStatus) : 'UNKNOWN',
    providerStatus: wire.status,
    expiresAt: wire.expiresAt ?? null,
    authCode: wire.authCode ?? null,
    authCodeExpiresAt: wire.authCodeExpiresAt ?? null,
  };
}
