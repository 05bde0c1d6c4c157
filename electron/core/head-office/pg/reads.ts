import type { CurrencyCode } from '../../../../shared/money.ts';
import type { ShopDay, ShopDayTill, ShopTill } from '../../../../shared/head-office.ts';
import type { HeadOfficeDb } from './connection.ts';
import { classified } from './problems.ts';

// What the head office reads back for a shop (and the chain): built from the tills' own reports, never
// recomputed from payments, so a shop's total is the sum of what each till's Day summary shows, to the cent.

/** Heard from within this long: online (a heartbeat comes every 30 s, so three missed ones). */
export const ONLINE_WITHIN_SECONDS = 90;
const ONLINE = `coalesce(t.last_seen_at > now() - interval '${ONLINE_WITHIN_SECONDS} seconds', false)`;

interface ShopDayRow {
  till_id: string;
  terminal_reference: string | null;
  currency: string | null;
  gross_minor: string | null;
  refunds_minor: string | null;
  net_minor: string | null;
  payments: number | null;
  online: boolean;
}

/**
 * The shop's `day`: every till known for the shop (enrolled by the end of that day, or that reported it), each
 * with its own day summary or listed as not reported (never as zero); totals are the reported tills' sum.
 * `fallbackCurrency` names the currency when no till has reported anything yet.
 */
export async function shopDay(
  db: HeadOfficeDb,
  shopId: string,
  day: string,
  fallbackCurrency: CurrencyCode = 'HKD',
): Promise<ShopDay> {
  return classified(async () => {
    const { rows } = await db.query<ShopDayRow>(
      `with known as (
         select till_id from wallet_pos.tills where shop_id = $1 and enrolled_at < ($2::date + 1)
         union
         select till_id from wallet_pos.till_days where shop_id = $1 and day = $2::date
       )
       select k.till_id, t.terminal_reference, d.currency, d.gross_minor, d.refunds_minor, d.net_minor,
         d.payments, ${ONLINE} as online
       from known k
       left join wallet_pos.tills t on t.till_id = k.till_id
       left join wallet_pos.till_days d on d.till_id = k.till_id and d.day = $2::date
       order by t.terminal_reference, k.till_id`,
      [shopId, day],
    );
    const tills: ShopDayTill[] = rows.map((row) => ({
      tillId: row.till_id,
      terminalReference: row.terminal_reference ?? '',
      reported: row.currency !== null,
      grossMinor: Number(row.gross_minor ?? 0),
      refundsMinor: Number(row.refunds_minor ?? 0),
      netMinor: Number(row.net_minor ?? 0),
      payments: row.payments ?? 0,
      online: row.online,
    }));
    const reported = tills.filter((till) => till.reported);
    const currency = (rows.find((row) => row.currency !== null)?.currency ??
      (await lastCurrency(db, shopId)) ??
      fallbackCurrency) as CurrencyCode;
    return {
      day,
      currency,
      tills,
      totals: {
        grossMinor: sum(reported.map((till) => till.grossMinor)),
        refundsMinor: sum(reported.map((till) => till.refundsMinor)),
        netMinor: sum(reported.map((till) => till.netMinor)),
        payments: sum(reported.map((till) => till.payments)),
      },
    };
  });
}

async function lastCurrency(db: HeadOfficeDb, shopId: string): Promise<string | null> {
  const { rows } = await db.query<{ currency: string }>(
    'select currency from wallet_pos.till_days where shop_id = $1 order by day desc limit 1',
    [shopId],
  );
  return rows[0]?.currency ?? null;
}

/** The shop's tills as their heartbeats left them. */
export async function shopTills(db: HeadOfficeDb, shopId: string): Promise<ShopTill[]> {
  return classified(async () => {
    const { rows } = await db.query<{
      till_id: string;
      terminal_reference: string;
      online: boolean;
      last_seen_at: Date;
      version: string;
      signed_in: string | null;
      open_shift: number | null;
      unresolved_count: number;
      printer_state: string | null;
    }>(
      `select t.till_id, t.terminal_reference, ${ONLINE} as online, t.last_seen_at, t.version, t.signed_in,
         t.open_shift, t.unresolved_count, t.printer_state
       from wallet_pos.tills t where t.shop_id = $1 order by t.terminal_reference, t.till_id`,
      [shopId],
    );
    return rows.map((row) => ({
      tillId: row.till_id,
      terminalReference: row.terminal_reference,
      online: row.online,
      lastSeenAt: row.last_seen_at.toISOString(),
      version: row.version,
      signedIn: row.signed_in,
      openShift: row.open_shift,
      unresolvedCount: row.unresolved_count,
      printerState: row.printer_state,
    }));
  });
}

export interface ChainDayShop {
  readonly shopId: string;
  readonly currency: string | null;
  readonly tills: number;
  readonly reported: number;
  readonly grossMinor: number;
  readonly refundsMinor: number;
  readonly netMinor: number;
  readonly payments: number;
}

/** Every shop's `day` in one query (the chain's dashboard): its tills, how many reported, their sums. */
export async function chainDay(db: HeadOfficeDb, day: string): Promise<ChainDayShop[]> {
  return classified(async () => {
    const { rows } = await db.query<{
      shop_id: string;
      currency: string | null;
      tills: string;
      reported: string;
      gross_minor: string | null;
      refunds_minor: string | null;
      net_minor: string | null;
      payments: string | null;
    }>(
      `select t.shop_id, min(d.currency) as currency, count(*) as tills, count(d.till_id) as reported,
         sum(d.gross_minor) as gross_minor, sum(d.refunds_minor) as refunds_minor, sum(d.net_minor) as net_minor,
         sum(d.payments) as payments
       from wallet_pos.tills t
       left join wallet_pos.till_days d on d.till_id = t.till_id and d.day = $1::date
       where t.enrolled_at < ($1::date + 1)
       group by t.shop_id order by t.shop_id`,
      [day],
    );
    return rows.map((row) => ({
      shopId: row.shop_id,
      currency: row.currency,
      tills: Number(row.tills),
      reported: Number(row.reported),
      grossMinor: Number(row.gross_minor ?? 0),
      refundsMinor: Number(row.refunds_minor ?? 0),
      netMinor: Number(row.net_minor ?? 0),
      payments: Number(row.payments ?? 0),
    }));
  });
}

export interface RosterPerson {
  readonly personId: string;
  readonly name: string;
  readonly role: string;
  readonly active: boolean;
  readonly pinSalt: string | null;
  readonly pinHash: string | null;
  /** The head office's order of changes: a till applies people in this order and remembers the highest. */
  readonly revision: number;
  readonly changedAt: string;
  readonly changedByTill: string;
}

/** The shop's people changed after `revision` (0: all), in revision order, and the revision to ask from next. */
export async function staffSince(
  db: HeadOfficeDb,
  shopId: string,
  revision: number,
): Promise<{ people: RosterPerson[]; revision: number }> {
  return classified(async () => {
    const { rows } = await db.query<{
      person_id: string;
      name: string;
      role: string;
      active: boolean;
      pin_salt: string | null;
      pin_hash: string | null;
      revision: string;
      changed_at: Date;
      changed_by_till: string;
    }>(
      `select person_id, name, role, active, pin_salt, pin_hash, revision, changed_at, changed_by_till
       from wallet_pos.staff where shop_id = $1 and revision > $2 order by revision`,
      [shopId, revision],
    );
    const people = rows.map((row) => ({
      personId: row.person_id,
      name: row.name,
      role: row.role,
      active: row.active,
      pinSalt: row.pin_salt,
      pinHash: row.pin_hash,
      revision: Number(row.revision),
      changedAt: row.changed_at.toISOString(),
      changedByTill: row.changed_by_till,
    }));
    return { people, revision: people.at(-1)?.revision ?? revision };
  });
}

function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

export interface ReportedChainHead {
  readonly entries: number;
  readonly hash: string;
  readonly reportedAt: string;
}

/** The chain heads a till reported (each as first reported), oldest first: what its journal is held to. */
export async function chainHeadsOf(db: HeadOfficeDb, tillId: string): Promise<ReportedChainHead[]> {
  return classified(async () => {
    const { rows } = await db.query<{ entries: string; hash: string; reported_at: Date }>(
      'select entries, hash, reported_at from wallet_pos.chain_heads where till_id = $1 order by entries',
      [tillId],
    );
    return rows.map((row) => ({
      entries: Number(row.entries),
      hash: row.hash,
      reportedAt: row.reported_at.toISOString(),
    }));
  });
}

/** A payment of another till of the shop, as payments.find shows it: that till named, refundable only there. */
export interface ShopPaymentFound {
  readonly tillId: string;
  readonly terminalReference: string;
  readonly referenceId: string;
  readonly providerOrderId: string | null;
  readonly status: string;
  readonly amountMinor: number;
  readonly currency: string;
  readonly takenBy: string | null;
  readonly takenById: string | null;
  /** What its succeeded refunds at its till add up to. */
  readonly refundedMinor: number;
  readonly createdAt: string;
  readonly updatedAt: string;
}

/**
 * The shop's payments that took money (CAPTURED, or REFUNDED since) at tills other than `exceptTillId`, by the
 * provider's order id (any case) or by who took them on a day; newest first, at most `limit`.
 */
export async function shopPaymentsFound(
  db: HeadOfficeDb,
  shopId: string,
  exceptTillId: string,
  query: { readonly providerOrderId: string } | { readonly takenBy: string; readonly day: string },
  limit: number,
): Promise<ShopPaymentFound[]> {
  const [filter, params] =
    'providerOrderId' in query
      ? ['upper(p.provider_order_id) = $3', [query.providerOrderId.trim().toUpperCase()]]
      : ['p.taken_by_id = $3 and p.day = $4::date', [query.takenBy, query.day]];
  return classified(async () => {
    const { rows } = await db.query<{
      till_id: string;
      terminal_reference: string;
      reference_id: string;
      provider_order_id: string | null;
      status: string;
      amount_minor: string;
      currency: string;
      taken_by: string | null;
      taken_by_id: string | null;
      refunded_minor: string;
      created_at: Date;
      updated_at: Date;
    }>(
      `select p.till_id, t.terminal_reference, p.reference_id, p.provider_order_id, p.status, p.amount_minor,
         p.currency, p.taken_by, p.taken_by_id, p.created_at, p.updated_at,
         (select coalesce(sum(r.amount_minor), 0) from wallet_pos.refunds r
           where r.till_id = p.till_id and r.reference_id = p.reference_id and r.status = 'succeeded') as refunded_minor
       from wallet_pos.payments p join wallet_pos.tills t on t.till_id = p.till_id
       where p.shop_id = $1 and p.till_id <> $2::uuid and p.status in ('CAPTURED', 'REFUNDED') and ${filter}
       order by p.created_at desc, p.reference_id desc limit ${Math.trunc(limit)}`,
      [shopId, exceptTillId, ...params],
    );
    return rows.map((row) => ({
      tillId: row.till_id,
      terminalReference: row.terminal_reference,
      referenceId: row.reference_id,
      providerOrderId: row.provider_order_id,
      status: row.status,
      amountMinor: Number(row.amount_minor),
      currency: row.currency.trim(),
      takenBy: row.taken_by,
      takenById: row.taken_by_id,
      refundedMinor: Number(row.refunded_minor),
      createdAt: row.created_at.toISOString(),
      updatedAt: row.updated_at.toISOString(),
    }));
  });
}
