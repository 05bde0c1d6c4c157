import type { PaymentDetail, PaymentView } from '../../shared/payments.ts';
import { DEMO, signedCall } from '../../electron/sandbox/sandbox.test-helper.ts';
import type { Page } from 'playwright';
import type { PreviewHost } from '../fixtures/preview-host.ts';
import { hostCall, sandboxCall, sleep } from './bench-kit.ts';

// The lanes bench's person at the till (lanes.bench.ts runs it): the provider round trip, the supervisor PIN
// check alone, and refunds with Check nows in between, first at a person's pace (a pause between clicks), then
// back to back as a supervisor clears a queue at the refund counter (no pause at all: each call starts when
// the previous one answered), then back to back on one payment refunded part by part with Check now of it
// between (issue 37: the same order asked again and again). Also the sandbox's view of those minutes: the
// busiest sliding second, and how many status lookups each refund made.

export const SUPERVISOR_PIN = '2468';
/** A person does not click twice within a second: the gap between two timed calls of the human-pace phase. */
const HUMAN_GAP_MS = 1_100;
/** Before the back-to-back run: the slots of the human-pace phase come free, the background polls as usual. */
const SETTLE_BEFORE_RUN_MS = 1_500;
export const STATUS_GET = /^\/posi-sandbox\/v1\/instore\/order\/([A-Za-z0-9-]+)$/;
/** Looked up by the bench itself to time a round trip; not one of the till's requests. */
export const ROUND_TRIP_REFERENCE = 'BENCH-ROUND-TRIP';

export interface Till {
  readonly count: number;
  readonly host: PreviewHost;
  readonly page: Page;
  readonly runStart: number;
  readonly background: readonly string[];
  /** Paid orders to refund: the first `samples` for the human pace, the next `samples` back to back. */
  readonly paid: readonly string[];
  /** A paid order refunded part by part (PART_MINOR each), `samples` times. */
  readonly inParts: string;
  readonly log: (line: string) => void;
}

export interface PersonFigures {
  readonly roundTrip: number[];
  /** settings.verifyPin alone: the supervisor PIN check inside every refund (scrypt), for the breakdown. */
  readonly pinCheck: number[];
  readonly refund: number[];
  readonly checkNow: number[];
}

/** One part of the payment refunded in parts: small enough for ten parts of the smallest bench amount. */
export const PART_MINOR = 100;

export interface BackToBackFigures {
  readonly refund: number[];
  readonly checkNow: number[];
  /** Refund call started → its first status lookup of that order arrived at the sandbox (queue + transport). */
  readonly refundLookupLeft: number[];
  /** Status lookups of the refunded order that arrived while its refund call ran. */
  readonly lookupsPerRefund: number[];
  /** The busiest sliding second at the sandbox during the run, all of the till's status lookups. */
  readonly busiestSecond: number;
  /**
   * The same over half a second: at most 3 when the person's lookups are paced (about 0.21 s apart at 5/s), 5
   * when five went at once and the next waited for the window; a count, so it says so however loaded the machine.
   */
  readonly busiestHalfSecond: number;
  /** Lookups of background orders during the run that no Check now asked for, per second of it. */
  readonly backgroundPerSecond: number;
  readonly runSeconds: number;
}

/** The provider round trip of one status lookup (signed GET, injected latency included), sent by the bench. */
async function roundTrips(host: PreviewHost, count: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const started = performance.now();
    const result = await signedCall(
      `${host.sandbox}/posi-sandbox`,
      'GET',
      `/v1/instore/order/${ROUND_TRIP_REFERENCE}`,
      undefined,
      { credentials: DEMO },
    );
    // Not found: the same lookup and the same work at the sandbox as for an order it has.
    if (result.status !== 200 && result.status !== 404) throw new Error(`round trip lookup answered ${result.status}`);
    times.push(performance.now() - started);
  }
  return times;
}

async function refund(host: PreviewHost, referenceId: string, amountMinor?: number): Promise<void> {
  await hostCall<PaymentDetail>(host, 'payments.refund', {
    referenceId,
    amountMinor,
    reason: 'bench',
    supervisorPin: SUPERVISOR_PIN,
  });
}

/** An open order nobody looks at (with none open: the paid one just refunded, looked up again all the same). */
function checkNowTarget(till: Till, index: number, refunded: string): string {
  return till.background.length > 0 ? till.background[(index * 7) % till.background.length]! : refunded;
}

/** 1. A person at the till: a refund, then Check now, at a human pace. */
export async function personFigures(till: Till, samples: number): Promise<PersonFigures> {
  const { host, paid } = till;
  const roundTrip = await roundTrips(host, 10);
  const pinCheck: number[] = [];
  for (let i = 0; i < 5; i += 1) {
    const started = performance.now();
    await hostCall(host, 'settings.verifyPin', { kind: 'supervisor', pin: SUPERVISOR_PIN });
    pinCheck.push(performance.now() - started);
  }
  const refunds: number[] = [];
  const checkNow: number[] = [];
  for (let i = 0; i < samples; i += 1) {
    await sleep(HUMAN_GAP_MS);
    let started = performance.now();
    await refund(host, paid[i]!);
    refunds.push(performance.now() - started);
    await sleep(HUMAN_GAP_MS);
    started = performance.now();
    await hostCall<PaymentView>(host, 'payments.checkNow', { referenceId: checkNowTarget(till, i, paid[i]!) });
    checkNow.push(performance.now() - started);
  }
  till.log('refunds and Check nows at a person pace done');
  return { roundTrip, pinCheck, refund: refunds, checkNow };
}

/** 1b. Back to back: refund, Check now, refund, Check now … each call as soon as the previous one answered. */
export async function backToBackFigures(till: Till, samples: number): Promise<BackToBackFigures> {
  const figures = await backToBackRun(till, samples, (i) => {
    const referenceId = till.paid[samples + i]!;
    return { referenceId, amountMinor: undefined, checked: checkNowTarget(till, i, referenceId) };
  });
  till.log('refunds and Check nows back to back done');
  return figures;
}

/** 1c. One payment refunded part by part, back to back, with Check now of that payment between the parts. */
export async function inPartsFigures(till: Till, samples: number): Promise<BackToBackFigures> {
  const figures = await backToBackRun(till, samples, () => ({
    referenceId: till.inParts,
    amountMinor: PART_MINOR,
    checked: till.inParts,
  }));
  till.log('one payment refunded in parts back to back done');
  return figures;
}

interface BackToBackStep {
  readonly referenceId: string;
  /** Undefined: all that is left. */
  readonly amountMinor: number | undefined;
  /** The payment Check now asks about after the refund. */
  readonly checked: string;
}

async function backToBackRun(
  till: Till,
  samples: number,
  step: (index: number) => BackToBackStep,
): Promise<BackToBackFigures> {
  const { host } = till;
  await sleep(SETTLE_BEFORE_RUN_MS);
  const refunds: number[] = [];
  const checkNow: number[] = [];
  const refundCalls: { referenceId: string; from: number; to: number }[] = [];
  const checked = new Set<string>();
  const runFrom = Date.now();
  for (let i = 0; i < samples; i += 1) {
    const { referenceId, amountMinor, checked: target } = step(i);
    const from = Date.now();
    let started = performance.now();
    await refund(host, referenceId, amountMinor);
    refunds.push(performance.now() - started);
    refundCalls.push({ referenceId, from, to: Date.now() });
    checked.add(target);
    started = performance.now();
    await hostCall<PaymentView>(host, 'payments.checkNow', { referenceId: target });
    checkNow.push(performance.now() - started);
  }
  const runTo = Date.now();
  const lookups = (await statusLookupsSince(host, runFrom)).filter((r) => r.at <= runTo);
  const backgroundSet = new Set(till.background.filter((referenceId) => !checked.has(referenceId)));
  const refundLookupLeft: number[] = [];
  const lookupsPerRefund: number[] = [];
  for (const call of refundCalls) {
    const ofIt = lookups.filter((r) => r.referenceId === call.referenceId && r.at >= call.from && r.at <= call.to);
    lookupsPerRefund.push(ofIt.length);
    if (ofIt.length > 0) refundLookupLeft.push(ofIt[0]!.at - call.from);
  }
  const runSeconds = (runTo - runFrom) / 1000;
  return {
    refund: refunds,
    checkNow,
    refundLookupLeft,
    lookupsPerRefund,
    busiestSecond: busiestSecond(lookups.map((r) => r.at)),
    busiestHalfSecond: busiestSecond(
      lookups.map((r) => r.at),
      500,
    ),
    backgroundPerSecond: lookups.filter((r) => backgroundSet.has(r.referenceId)).length / runSeconds,
    runSeconds,
  };
}

/** The till's status lookups that reached the sandbox since `since` (the bench's own round trips left out). */
export async function statusLookupsSince(
  host: PreviewHost,
  since: number,
): Promise<{ readonly at: number; readonly referenceId: string }[]> {
  const { requests } = await sandboxCall<{ requests: { at: number; method: string; path: string }[] }>(
    host,
    'GET',
    `/requests?since=${since}`,
  );
  return requests
    .filter((r) => r.method === 'GET' && STATUS_GET.test(r.path))
    .map((r) => ({ at: r.at, referenceId: STATUS_GET.exec(r.path)![1]! }))
    .filter((r) => r.referenceId !== ROUND_TRIP_REFERENCE)
    .sort((a, b) => a.at - b.at);
}

/** The most requests in any sliding second (or window of `windowMs`). */
export function busiestSecond(stamps: readonly number[], windowMs = 1_000): number {
  const sorted = [...stamps].sort((a, b) => a - b);
  let most = 0;
  for (let i = 0, j = 0; i < sorted.length; i += 1) {
    while (j < sorted.length && sorted[j]! < sorted[i]! + windowMs) j += 1;
    most = Math.max(most, j - i);
  }
  return most;
}
