import type { HistoryQuery, Page } from '../../../../shared/payment-history.ts';
import { DISPLAY_STATUSES, PAYMENT_ORIGINS, type PaymentView } from '../../../../shared/payments.ts';
import { PosError } from '../../../../shared/errors.ts';
import { notice } from '../../../../shared/notices.ts';
import type { JournalContext } from './context.ts';
import { checkDay } from '../../sqlite/local-time.ts';
import { refundsOfMany } from './refunds.ts';
import { ATTEMPT_COLUMNS, readAttempt } from './rows.ts';
import { toPaymentView } from './views.ts';

// The history screen's query: newest first, filtered, with keyset pagination. A page continues from the last
// row of the previous one (created_at, reference_id) instead of an OFFSET, so page 500 costs what page 1
// costs, and a payment recorded while the clerk scrolls neither repeats a row nor skips one.

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;

interface Position {
  readonly createdAt: number;
  readonly referenceId: string;
}

export function encodeCursor(position: Position): string {
  return Buffer.from(JSON.stringify([position.createdAt, position.referenceId]), 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string): Position {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2 && Number.isSafeInteger(value[0]) && typeof value[1] === 'string') {
      return { createdAt: value[0] as number, referenceId: value[1] };
    }
  } catch {
    // Falls through to the same answer as a well-formed but wrong cursor.
  }
  throw new PosError('request.invalid', { notice: notice('history.position-invalid') });
}

interface Filter {
  /** null: every payment (no clause at all, so SQLite counts a b-tree's pages instead of visiting each row). */
  readonly clauses: string | null;
  readonly where: string;
  /** The same filter with the search written so SQLite cannot answer it from the search indexes (see `history`). */
  readonly whereScanningByTime: string;
  readonly params: Record<string, string | number>;
  readonly searching: boolean;
}

const SEARCH_BY_INDEX =
  '((upper(reference_id) >= :searchFrom AND upper(reference_id) < :searchTo) OR (upper(provider_order_id) >= :searchFrom AND upper(provider_order_id) < :searchTo))';
/** `|| ''` makes the expression differ from the indexed one, so the planner walks the time-ordered index instead. */
const SEARCH_BY_TIME =
  "((upper(reference_id) || '' >= :searchFrom AND upper(reference_id) || '' < :searchTo) OR (upper(provider_order_id) || '' >= :searchFrom AND upper(provider_order_id) || '' < :searchTo))";

/**
 * Walking newest-first and stopping at a page costs about limit × rows / matches row visits; collecting the
 * matches from the search indexes and sorting them costs about `matches`. Walk when matches² > this × rows.
 */
const WALK_FACTOR = 50;

/** null when the search cannot match anything (no reference contains those characters). */
function buildFilter(query: HistoryQuery): Filter | null {
  const clauses: string[] = [];
  const params: Record<string, string | number> = {};
  if (query.day !== undefined) {
    clauses.push('local_day = :day');
    params['day'] = checkDay(query.day);
  }
  if (query.status !== undefined) {
    if (!(DISPLAY_STATUSES as readonly string[]).includes(query.status))
      throw new PosError('request.invalid', { cause: new Error(`Unknown status "${query.status}".`) });
    clauses.push('display_status = :status');
    params['status'] = query.status;
  }
  if (query.method !== undefined) {
    if (query.method !== 'merchant-qr' && query.method !== 'customer-qr')
      throw new PosError('request.invalid', { cause: new Error(`Unknown method "${String(query.method)}".`) });
    clauses.push('method = :method');
    params['method'] = query.method;
  }
  if (query.origin === 'from-register') {
    // Started by a register: taken here, with the key's name kept on the row.
    clauses.push('register_key IS NOT NULL');
  } else if (query.origin !== undefined) {
    if (!(PAYMENT_ORIGINS as readonly string[]).includes(query.origin))
      throw new PosError('request.invalid', { cause: new Error(`Unknown origin "${String(query.origin)}".`) });
    clauses.push('origin = :origin');
    params['origin'] = query.origin;
  }
  const search = (query.search ?? '').trim().toUpperCase();
  if (search !== '') {
    if (!/^[A-Z0-9-]+$/.test(search)) return null;
    // A prefix as a range on upper(...) so the expression indexes answer it; the upper bound is the prefix
    // with its last character stepped up by one ("TILL01" → "TILL02").
    clauses.push(SEARCH_BY_INDEX);
    params['searchFrom'] = search;
    params['searchTo'] = search.slice(0, -1) + String.fromCharCode(search.charCodeAt(search.length - 1) + 1);
  }
  const where = clauses.length > 0 ? clauses.join(' AND ') : '1 = 1';
  return {
    clauses: clauses.length > 0 ? clauses.join(' AND ') : null,
    where,
    whereScanningByTime: where.replace(SEARCH_BY_INDEX, SEARCH_BY_TIME),
    params,
    searching: search !== '',
  };
}

const SEARCH_BY_REFERENCE = '(upper(reference_id) >= :searchFrom AND upper(reference_id) < :searchTo)';
const SEARCH_BY_ORDER = '(upper(provider_order_id) >= :searchFrom AND upper(provider_order_id) < :searchTo)';

/**
 * The page's total, cheaply on a journal of years (issue 37): every payment by SQLite's page count of one index
 * (~3× faster than a WHERE that is always true); a search as the sum of its two ranges, each counted on its own
 * index, when one of them is empty (our references and the provider's order ids start differently, so one
 * nearly always is): a range count reads the index alone, where the OR of both collects and de-duplicates rows.
 */
function countOf(ctx: JournalContext, filter: Filter): number {
  const count = (where: string | null): number =>
    Number(
      ctx
        .sql(`SELECT COUNT(*) AS n FROM payment_attempts${where === null ? '' : ` WHERE ${where}`}`)
        .get(filter.params)?.['n'] ?? 0,
    );
  if (!filter.searching) return count(filter.clauses);
  const byReference = count(filter.where.replace(SEARCH_BY_INDEX, SEARCH_BY_REFERENCE));
  const byOrder = count(filter.where.replace(SEARCH_BY_INDEX, SEARCH_BY_ORDER));
  return byReference === 0 || byOrder === 0 ? byReference + byOrder : count(filter.where);
}

export function history(ctx: JournalContext, query: HistoryQuery): Page<PaymentView> {
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  if (!Number.isSafeInteger(limit) || limit < 1 || limit > MAX_PAGE_SIZE) {
    throw new PosError('request.invalid', { notice: notice('history.page-size', { max: MAX_PAGE_SIZE }) });
  }
  const after = query.cursor === undefined ? null : decodeCursor(query.cursor);
  const filter = buildFilter(query);
  if (filter === null) return { items: [], nextCursor: null, total: 0 };

  // One read transaction: the count and the page come from the same snapshot even while a payment is written.
  return ctx.snapshot(() => {
    const total = countOf(ctx, filter);
    // A search matching most of the journal ("TILL01-2026") is answered fastest by walking newest-first and
    // stopping at one page; a narrow one (a day, one order) by its index. The count just taken tells which.
    // max(rowid) stands in for the row count: only archiving a closed year deletes attempts, which leaves it high
    // (the index path then, which a journal that lost a year of rows answers well anyway).
    const journalRows = filter.searching
      ? Number(ctx.sql('SELECT max(rowid) AS n FROM payment_attempts').get()?.['n'] ?? 0)
      : 0;
    const where =
      filter.searching && total * total > WALK_FACTOR * journalRows ? filter.whereScanningByTime : filter.where;
    const keyset = after === null ? '' : ' AND (created_at, reference_id) < (:afterCreatedAt, :afterReferenceId)';
    const params =
      after === null
        ? filter.params
        : { ...filter.params, afterCreatedAt: after.createdAt, afterReferenceId: after.referenceId };
    const found = ctx
      .sql(
        `SELECT ${ATTEMPT_COLUMNS} FROM payment_attempts WHERE ${where}${keyset}
         ORDER BY created_at DESC, reference_id DESC LIMIT :take`,
      )
      .all({ ...params, take: limit + 1 })
      .map(readAttempt);
    const page = found.slice(0, limit);
    const last = page[page.length - 1];
    const nextCursor = found.length > limit && last ? encodeCursor(last) : null;
    const refunds = refundsOfMany(
      ctx,
      page.map((row) => row.referenceId),
    );
    return { items: page.map((row) => toPaymentView(row, refunds.get(row.referenceId) ?? [])), nextCursor, total };
  });
}
