import { PosError } from '../../../../shared/errors.ts';
import { FIND_LIMIT, type PaymentFindQuery, type PaymentView } from '../../../../shared/payments.ts';
import { checkDay, localDateTimeOf } from '../../sqlite/local-time.ts';
import type { JournalContext } from './context.ts';
import { refundsOfMany } from './refunds.ts';
import { ATTEMPT_COLUMNS, readAttempt } from './rows.ts';
import { toPaymentView } from './views.ts';

// A payment whose customer has no receipt (payments.find), one of five ways, each answered from an index: the
// provider's order id the wallet app shows (schema 2's upper(provider_order_id)), an amount within a time window
// (schema 15's amount_minor, created_at), who took it on a day (schema 15's taken_by_id, local_day, created_at),
// words of its note on a day and a day's latest (both schema 2's local_day, created_at, reference_id).
// Only payments that took money (CAPTURED, or REFUNDED since): nothing else can be refunded. Newest first, at most
// FIND_LIMIT: a search that finds more is too wide to pick from, and the screen asks to narrow it.

const CAPTURED = "provider_status IN ('CAPTURED', 'REFUNDED')";

export function findPayments(ctx: JournalContext, query: PaymentFindQuery): PaymentView[] {
  const { where, params } = filterOf(ctx, query);
  return ctx.snapshot(() => {
    const rows = ctx
      .sql(
        `SELECT ${ATTEMPT_COLUMNS} FROM payment_attempts WHERE ${where} AND ${CAPTURED}
         ORDER BY created_at DESC, reference_id DESC LIMIT :limit`,
      )
      .all({ ...params, limit: 'latest' in query ? query.latest : FIND_LIMIT })
      .map(readAttempt);
    const refunds = refundsOfMany(
      ctx,
      rows.map((row) => row.referenceId),
    );
    return rows.map((row) => toPaymentView(row, refunds.get(row.referenceId) ?? []));
  });
}

function filterOf(
  ctx: JournalContext,
  query: PaymentFindQuery,
): { readonly where: string; readonly params: Record<string, string | number> } {
  if ('providerOrderId' in query) {
    // As the customer reads it out or types it: any case, no spaces around.
    return {
      where: 'upper(provider_order_id) = :orderId',
      params: { orderId: query.providerOrderId.trim().toUpperCase() },
    };
  }
  if ('note' in query) {
    // Each word anywhere in the note, in any order ("shirt blue" finds "Blue shirt, size M"). No index on the note:
    // a LIKE that starts with % could not use one, and the day's index narrows to one day's rows first, a till's
    // few hundred at most, read in order (find.test.ts checks the plan).
    const words = query.note.trim().split(/\s+/);
    const params: Record<string, string | number> = { day: checkDay(query.day) };
    const clauses = ['local_day = :day'];
    words.forEach((word, index) => {
      params[`word${index}`] = `%${escapeLike(word)}%`;
      clauses.push(`note LIKE :word${index} ESCAPE '\\'`);
    });
    if (query.amountMinor !== undefined) {
      params['amountMinor'] = query.amountMinor;
      clauses.push('amount_minor = :amountMinor');
    }
    return { where: clauses.join(' AND '), params };
  }
  if ('latest' in query) return { where: 'local_day = :day', params: { day: checkDay(query.day) } };
  if ('takenBy' in query) {
    return {
      where: 'taken_by_id = :takenBy AND local_day = :day',
      params: { takenBy: query.takenBy, day: checkDay(query.day) },
    };
  }
  const from = epochOfLocal(query.from, ctx.timeZone);
  // `to` names the last minute (or second) of the window: everything until that minute is over counts.
  const to = epochOfLocal(query.to, ctx.timeZone) + (query.to.length > 16 ? 1_000 : 60_000);
  if (from >= to) throw new PosError('request.invalid', { details: { field: 'to' } });
  return {
    where: 'amount_minor = :amountMinor AND created_at >= :from AND created_at < :to',
    params: { amountMinor: query.amountMinor, from, to },
  };
}

/** The words as typed: a % or _ in a note is the character, not LIKE's wildcard (SQLite's LIKE is case-blind for ASCII). */
function escapeLike(words: string): string {
  return words.replace(/[\\%_]/g, (character) => `\\${character}`);
}

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** The instant a wall-clock time of the till names ("2026-11-29T14:00" in its zone). */
export function epochOfLocal(local: string, timeZone: string): number {
  const match = LOCAL_DATE_TIME.exec(local);
  if (!match) throw new PosError('request.invalid', { details: { value: local } });
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  checkDay(`${match[1]}-${match[2]}-${match[3]}`);
  if (hour > 23 || minute > 59 || second > 59) throw new PosError('request.invalid', { details: { value: local } });
  // The zone's offset is read off its wall clock at a first guess; a second pass settles a guess that fell on the
  // other side of a change of offset (daylight saving, where a zone has it).
  let guess = asUtc;
  for (let pass = 0; pass < 2; pass += 1) guess = asUtc - (wallClockAsUtc(guess, timeZone) - guess);
  return guess;
}

function wallClockAsUtc(epochMs: number, timeZone: string): number {
  const [date = '', time = ''] = localDateTimeOf(epochMs, timeZone).split(' ');
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute, second] = time.split(':').map(Number) as [number, number, number];
  return Date.UTC(year, month - 1, day, hour % 24, minute, second);
}
