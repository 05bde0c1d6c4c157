import type { JournalEvent, PaymentDetail } from '../../shared/payments.ts';
import type { NoticeKey } from '../../shared/notices.ts';
import { ms, printTable, spread } from './bench-kit.ts';
import type { QrProbe } from './page-probes.ts';

// Where the time of one "charge → QR painted" goes: the page's own timestamps (the click, its bridge call as
// Resource Timing saw it, the QR drawn and painted) lined up with the core's journal of that same charge (the
// "create sent" note, the create's HTTP exchange, the "order created" status). Both sides read the same machine
// clock in epoch ms (the page as performance.timeOrigin + performance.now()); the journal keeps whole ms, so a
// stage is exact to about a millisecond. A journal event's time is taken as it is written, before its commit:
// a commit's fsync counts in the stage after it.

/** The stages in order; each sample gives one duration per stage (NaN where a side did not report it). */
export const TRACE_STAGES = [
  ['trigger', "click → bridge call leaves (the renderer's handler)"],
  ['to-core', 'bridge call (register: request sent) → "create sent" journaled (checks, write-ahead commit)'],
  ['to-wire', '"create sent" → create request started (the write-ahead commit, client, body)'],
  ['provider', 'create round trip (signing, fetch, sandbox latency, answer read)'],
  ['answer', 'answer read → "order created" journaled (parse, validation)'],
  ['reply', '"order created" → answer reaches the screen (commit, event, reply)'],
  ['render', 'answer on the screen (drawn from the event: "order created") → QR drawn'],
  ['paint', 'QR drawn → painted'],
] as const;

export type TraceStage = (typeof TRACE_STAGES)[number][0];
export type ChargeTrace = Record<TraceStage, number>;

/** The core's side of one charge, in epoch ms, from its journal. */
export interface CoreMarks {
  readonly createSent: number;
  readonly requestStarted: number;
  readonly answerRead: number;
  readonly orderCreated: number;
}

const hasNotice = (event: JournalEvent, key: NoticeKey): boolean => event.notice?.key === key;

export function coreMarksOf(detail: PaymentDetail): CoreMarks | null {
  const events = detail.events;
  const sent = events.filter((event) => hasNotice(event, 'event.create-sent')).pop();
  const created = events.filter((event) => hasNotice(event, 'event.order-created')).pop();
  const exchange = events
    .filter((event) => event.kind === 'response' && event.data !== null)
    .map(
      (event) => JSON.parse(event.data!) as { url?: string; status?: number; startedAt?: string; durationMs?: number },
    )
    .filter((data) => typeof data.url === 'string' && data.url.endsWith('/order/create') && data.status === 200)
    .pop();
  if (!sent || !created || !exchange?.startedAt || typeof exchange.durationMs !== 'number') return null;
  const requestStarted = Date.parse(exchange.startedAt);
  return {
    createSent: Date.parse(sent.at),
    requestStarted,
    answerRead: requestStarted + exchange.durationMs,
    orderCreated: Date.parse(created.at),
  };
}

/**
 * One sample's stages. `triggerAt` (epoch ms): the click, or when the register's request was sent; `callAt`,
 * `answerAt`: the bridge call leaving the page and its answer read there (NaN when not seen, e.g. a QR the screen
 * learned of by an event, not by a call of its own).
 */
export function traceOf(
  probe: QrProbe,
  core: CoreMarks,
  marks: { triggerAt: number; callAt?: number; answerAt?: number },
): ChargeTrace {
  const epoch = (pageMs: number | null | undefined): number =>
    pageMs === null || pageMs === undefined ? NaN : probe.timeOrigin + pageMs;
  const callAt = marks.callAt ?? (probe.bridge ? epoch(probe.bridge.start) : NaN);
  const answerAt = marks.answerAt ?? (probe.bridge ? epoch(probe.bridge.end) : NaN);
  const drawn = epoch(probe.drawnAt);
  const painted = epoch(probe.paintedAt);
  // A screen that learns of the QR by an event (a register's sale, the customer display, and the cashier's own
  // screen when the event beat the answer) draws it without an answer: its render counts from the order created.
  const byEvent = Number.isNaN(answerAt) || answerAt > drawn;
  return {
    trigger: callAt - marks.triggerAt,
    'to-core': core.createSent - callAt,
    'to-wire': core.requestStarted - core.createSent,
    provider: core.answerRead - core.requestStarted,
    answer: core.orderCreated - core.answerRead,
    reply: answerAt - core.orderCreated,
    render: drawn - (byEvent ? core.orderCreated : answerAt),
    paint: painted - drawn,
  };
}

/** Prints the stages' p50 (and p95) side by side for each column (e.g. the cashier, the register, the display). */
export function printTraces(columns: readonly { label: string; traces: readonly ChargeTrace[] }[]): void {
  const header = ['stage (p50 / p95)', ...columns.map((column) => column.label)];
  const rows = TRACE_STAGES.map(([stage, label]) => [
    label,
    ...columns.map((column) => {
      const s = spread(column.traces.map((trace) => trace[stage]).filter(Number.isFinite));
      return s.n === 0 ? '–' : `${ms(s.p50)} / ${ms(s.p95)}`;
    }),
  ]);
  printTable([header, ...rows]);
}
