import { randomBytes } from 'node:crypto';
import type { ConnectionTestResult } from '../../../shared/settings.ts';
import { PosError } from '../../../shared/errors.ts';
import { notice, type Notice } from '../../../shared/notices.ts';
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
  const where = notice('connection.where', { environment: profile.name, host: new URL(profile.baseUrl).host });
  if (error === null || (error instanceof PosError && error.code === 'order.not-found')) {
    return {
      reachable: true,
      signatureAccepted: true,
      clockSkewMs,
      latencyMs: elapsedMs,
      notice: acceptedNotice(where, clockSkewMs),
    };
  }
  if (!(error instanceof PosError)) {
    return {
      reachable: false,
      signatureAccepted: false,
      clockSkewMs,
      latencyMs: null,
      notice: notice('connection.failed-inside'),
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
    // The error as its notice (what exactly to fix), else its code's text, in the reader's language.
    notice: notice(answered ? 'connection.answered-but' : 'connection.not-answered', {
      where,
      error: error.toNoticeParam(),
    }),
  };
}

function acceptedNotice(where: Notice, skewMs: number | null): Notice {
  if (skewMs === null) return notice('connection.accepted', { where });
  if (Math.abs(skewMs) < SKEW_WARNING_MS)
    return notice('connection.accepted-in-sync', {
      where,
      duration: { durationMs: Math.max(1000, Math.abs(skewMs)) },
    });
  return notice(skewMs > 0 ? 'connection.accepted-clock-ahead' : 'connection.accepted-clock-behind', {
    where,
    duration: { durationMs: Math.abs(skewMs) },
  });
}
