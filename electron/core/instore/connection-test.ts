import { randomBytes } from 'node:crypto';
import type { ConnectionTestResult } from '../../../shared/contract.ts';
import { PosError } from '../../../shared/errors.ts';
import { describeDuration } from './errors.ts';
import type { EnvironmentProfile } from './profiles.ts';

// "Test connection" in Settings: a status lookup of a referenceId that cannot exist. The provider checks the
// key, the Date and the signature before it looks for the order, so 404 "Invalid referenceId…" proves all
// three; any 401 names what to fix. No order is created and no money moves.

/** Above this the provider (which allows about a minute) is close to refusing our requests. */
export const SKEW_WARNING_MS = 30_000;

export function probeReferenceId(): string {
  return `probe-${randomBytes(12).toString('hex')}`;
}

export function interpretProbe(
  profile: EnvironmentProfile,
  error: unknown,
  elapsedMs: number,
  clockSkewMs: number | null,
): ConnectionTestResult {
  const where = `${profile.label} (${new URL(profile.baseUrl).host})`;
  if (error === null || (error instanceof PosError && error.code === 'order.not-found')) {
    return {
      reachable: true,
      signatureAccepted: true,
      clockSkewMs,
      latencyMs: elapsedMs,
      message: acceptedMessage(where, clockSkewMs),
    };
  }
  if (!(error instanceof PosError)) {
    return {
      reachable: false,
      signatureAccepted: false,
      clockSkewMs,
      latencyMs: null,
      message: 'The connection test failed inside the app. Try again.',
    };
  }
  const answered = typeof error.details?.httpStatus === 'number';
  return {
    reachable: answered,
    signatureAccepted: false,
    clockSkewMs:
      error.code === 'auth.clock-skew' && typeof error.details?.skewMs === 'number'
        ? error.details.skewMs
        : clockSkewMs,
    latencyMs: answered ? elapsedMs : null,
    message: answered ? `${where} answered, but: ${error.message}` : `${where}: ${error.message}`,
  };
}

function acceptedMessage(where: string, skewMs: number | null): string {
  const base = `Connected to ${where}: signature accepted`;
  if (skewMs === null) return `${base}.`;
  if (Math.abs(skewMs) < SKEW_WARNING_MS)
    return `${base}, clock in sync (within ${describeDuration(Math.max(1000, Math.abs(skewMs)))}).`;
  const direction = skewMs > 0 ? 'ahead of' : 'behind';
  return `${base}, but this till's clock is ${describeDuration(skewMs)} ${direction} the provider's: fix the system time before payments start failing.`;
}
