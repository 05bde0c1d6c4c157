// Magic amounts of the tokenized sandbox (ours; the provider publishes none): the last two digits of the
// amount in minor units decide what the "payment processor" does, so a cashier or a test can reach every
// outcome without the control API. They match the in-store sandbox where the meaning is the same (51, 52).

export interface AuthorisationOutcome {
  /** What `POST /pre-auths` answers. */
  readonly initial: 'AUTHORIZED' | 'DECLINED' | 'PENDING';
  /** For PENDING: where it settles after `confirmDelayMs`. */
  readonly settlesTo: 'AUTHORIZED' | 'DECLINED';
  readonly failureReason: string | null;
}

export interface ChargeOutcome {
  readonly status: 'APPROVED' | 'REJECTED';
  readonly failureReason: string | null;
}

interface MagicEntry {
  readonly authorisation: AuthorisationOutcome;
  readonly charge: ChargeOutcome;
  /** What `POST /pre-auths/{id}/capture` answers for an AUTHORIZED hold of this amount. */
  readonly capture: ChargeOutcome;
  /** Multiplier of confirmDelayMs for capture confirmation and outcome webhooks. */
  readonly slowFactor: number;
}

const CAPTURED: ChargeOutcome = { status: 'APPROVED', failureReason: null };

export const MAGIC_TOKENIZED_ENDINGS = {
  /** e.g. 10.51: pre-auth DECLINED / charge 201 REJECTED, failureReason INSUFFICIENT_FUNDS. */
  51: {
    authorisation: { initial: 'DECLINED', settlesTo: 'DECLINED', failureReason: 'INSUFFICIENT_FUNDS' },
    charge: { status: 'REJECTED', failureReason: 'INSUFFICIENT_FUNDS' },
    capture: CAPTURED,
    slowFactor: 1,
  },
  /** e.g. 10.52: pre-auth DECLINED / charge REJECTED, failureReason RISK_REJECTED. */
  52: {
    authorisation: { initial: 'DECLINED', settlesTo: 'DECLINED', failureReason: 'RISK_REJECTED' },
    charge: { status: 'REJECTED', failureReason: 'RISK_REJECTED' },
    capture: CAPTURED,
    slowFactor: 1,
  },
  /** e.g. 10.53: a slow processor — pre-auth answers PENDING, AUTHORIZED after confirmDelayMs; capture
   * stays CAPTURE_INITIATED and webhooks come 10 × confirmDelayMs later. */
  53: {
    authorisation: { initial: 'PENDING', settlesTo: 'AUTHORIZED', failureReason: null },
    charge: { status: 'APPROVED', failureReason: null },
    capture: CAPTURED,
    slowFactor: 10,
  },
  /** e.g. 10.55: pre-auth answers PENDING, then DECLINED (INSUFFICIENT_FUNDS) after confirmDelayMs. */
  55: {
    authorisation: { initial: 'PENDING', settlesTo: 'DECLINED', failureReason: 'INSUFFICIENT_FUNDS' },
    charge: { status: 'REJECTED', failureReason: 'INSUFFICIENT_FUNDS' },
    capture: CAPTURED,
    slowFactor: 1,
  },
  /** e.g. 10.56: pre-auth AUTHORIZED, but its capture answers 201 REJECTED, failureReason INSUFFICIENT_FUNDS
   * (the charge is rejected the same way). The document lists no transition for a capture that is not
   * accepted, so the pre-auth stays AUTHORIZED (hold still in place, voidable, TTL running; a capture retried
   * is rejected again); the order opened for the attempt ends FAILED. */
  56: {
    authorisation: { initial: 'AUTHORIZED', settlesTo: 'AUTHORIZED', failureReason: null },
    charge: { status: 'REJECTED', failureReason: 'INSUFFICIENT_FUNDS' },
    capture: { status: 'REJECTED', failureReason: 'INSUFFICIENT_FUNDS' },
    slowFactor: 1,
  },
} as const satisfies Record<number, MagicEntry>;

const APPROVE: MagicEntry = {
  authorisation: { initial: 'AUTHORIZED', settlesTo: 'AUTHORIZED', failureReason: null },
  charge: { status: 'APPROVED', failureReason: null },
  capture: CAPTURED,
  slowFactor: 1,
};

function entryFor(amountMinor: number): MagicEntry {
  return (MAGIC_TOKENIZED_ENDINGS as Record<number, MagicEntry>)[amountMinor % 100] ?? APPROVE;
}

export function authorisationOutcome(amountMinor: number): AuthorisationOutcome {
  return entryFor(amountMinor).authorisation;
}

export function chargeOutcome(amountMinor: number): ChargeOutcome {
  return entryFor(amountMinor).charge;
}

export function captureOutcome(amountMinor: number): ChargeOutcome {
  return entryFor(amountMinor).capture;
}

/** Multiplier of confirmDelayMs for capture confirmation and outcome webhooks. */
export function slowFactor(amountMinor: number): number {
  return entryFor(amountMinor).slowFactor;
}
