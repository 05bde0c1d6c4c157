import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { entryBody, entryHash, GENESIS_HASH } from '../../electron/core/audit-chain/chain-entry.ts';
import { plain } from '../../electron/core/audit-chain/chain-writer.ts';
import { subjectOf } from '../../electron/core/audit-chain/chained-tables.ts';
import { journalFileIn, openJournal } from '../../electron/core/payments/journal/journal.ts';
import { markFileOf } from '../../electron/core/sqlite/journal-mark.ts';

// A realistic payment journal for the benches (journal, cold start): payments over a number of days, 08:00–22:00
// Singapore, 78% paid (6% of those refunded), the rest failed, expired or cancelled, each with its three events
// and its status history, and the audit chain holding every payment and refund as its row stands, so the file
// verifies. Deterministic: the same journal on every machine.
//
// Why not through the journal's API: at a million payments that costs ~11 minutes of CPU (a guard, a version
// check and a chain step per call). The file is migrated and marked by the journal itself, then written with
// prepared statements on a connection of the seeder's, one transaction per SEED_BATCH payments, each row read
// back for its chain entry (the chain holds the row as `SELECT *` gives it, as the till's chain writer does);
// the tables' indexes are dropped while the rows go in and created again, with the same SQL, at the end.
// The seeded file is kept under the temp folder, keyed by its size, so the next bench reuses it (`copySeeded`).

export const SEED_BATCH = 50_000;
/** A busy till: ~550 payments a day (1M ≈ 5 years); at least 60 days, as the 100k journal always had. */
export const PAYMENTS_PER_DAY = 548;
const SEED_VERSION = 1;
const TIME_ZONE_OFFSET_MS = 8 * 3_600_000;
const LAST_MORNING = Date.parse('2026-11-21T00:00:00Z');

export function seedDays(payments: number): number {
  return Math.max(60, Math.ceil(payments / PAYMENTS_PER_DAY));
}

/** Deterministic pseudo-random numbers: the same seed gives the same journal on every machine. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Outcome = 'paid' | 'failed' | 'expired' | 'cancelled';
const OUTCOMES: readonly Outcome[] = [
  ...Array<Outcome>(78).fill('paid'),
  ...Array<Outcome>(9).fill('failed'),
  ...Array<Outcome>(8).fill('expired'),
  ...Array<Outcome>(5).fill('cancelled'),
];
const PROVIDER_STATUS = { paid: 'CAPTURED', failed: 'FAILED', expired: 'ABANDONED', cancelled: 'CANCELLED' } as const;
const LETTERS = [...'ABCDEFGHJKLMNPQRSTUVWXYZ'];
const CROCKFORD = [...'0123456789ABCDEFGHJKMNPQRSTVWXYZ'];

/** What the benches need to know of a seeded journal (kept beside the cached file). */
export interface Seeded {
  readonly payments: number;
  readonly days: number;
  /** A payment half-way through, and the provider order id of the one after it. */
  readonly middleReference: string;
  readonly middleNextOrderId: string;
  readonly refunds: number;
  readonly events: number;
  readonly chainEntries: number;
  readonly firstDay: string;
  readonly lastDay: string;
  /** How long seeding took (when it was seeded, not when reused). */
  readonly ms: number;
}

export interface SeededFile {
  readonly filePath: string;
  readonly seeded: Seeded;
  /** True when this run found the file already seeded. */
  readonly reused: boolean;
}

/** The seeded journal of `payments` payments: seeded once, then reused from the temp folder. */
export function seededJournalFile(payments: number): SeededFile {
  const folder = join(tmpdir(), `wallet-pos-bench-journal-v${SEED_VERSION}-${payments}`);
  const filePath = journalFileIn(folder);
  const factsPath = join(folder, 'seeded.json');
  // The facts are written last: a seed cut short (a killed run) has none and is seeded again.
  if (existsSync(factsPath) && existsSync(filePath))
    return { filePath, seeded: JSON.parse(readFileSync(factsPath, 'utf8')) as Seeded, reused: true };
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  const seeded = seedJournalFile(filePath, payments);
  writeFileSync(factsPath, JSON.stringify(seeded, null, 2));
  return { filePath, seeded, reused: false };
}

/** A working copy of the seeded journal in `dataFolder` (the benches write to it; the cached one stays as seeded). */
export function copySeeded(seeded: SeededFile, dataFolder: string): string {
  const target = journalFileIn(dataFolder);
  copyFileSync(seeded.filePath, target);
  copyFileSync(markFileOf(seeded.filePath), markFileOf(target));
  return target;
}

function seedJournalFile(filePath: string, payments: number): Seeded {
  const started = performance.now();
  // The journal creates, migrates and marks the file; the seeder's rows are then what a till would have written.
  openJournal({ filePath, timeZone: 'Asia/Singapore', now: () => LAST_MORNING }).close();
  const db = new DatabaseSync(filePath);
  try {
    db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = OFF; PRAGMA cache_size = -262144');
    // Indexes built once from sorted rows at the end cost a fraction of a million rows inserted into each.
    const indexes = db
      .prepare(
        `SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL AND tbl_name IN
        ('payment_attempts', 'events', 'status_history', 'refunds', 'audit_chain')`,
      )
      .all()
      .map((row) => ({ name: String(row['name']), sql: String(row['sql']) }));
    for (const { name } of indexes) db.exec(`DROP INDEX "${name}"`);
    const facts = writeRows(db, payments);
    for (const { sql } of indexes) db.exec(sql);
    db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
    return { ...facts, ms: performance.now() - started };
  } finally {
    db.close();
  }
}

interface Statements {
  readonly attempt: StatementSync;
  readonly event: StatementSync;
  readonly status: StatementSync;
  readonly refund: StatementSync;
  readonly attemptRow: StatementSync;
  readonly refundRow: StatementSync;
  readonly chain: StatementSync;
}

function prepare(db: DatabaseSync): Statements {
  return {
    attempt: db.prepare(`INSERT INTO payment_attempts (reference_id, origin, method, amount_minor, currency, pos_id,
      idempotency_key, state, display_status, provider_status, provider_order_id, payment_type, failure_reason,
      qr_payload, note, consumer_code_hash, refunded_minor, local_day, created_at, updated_at, version)
      VALUES (?, 'taken-here', ?, ?, 'SGD', 'POS-BENCH-1', ?, 'final', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
    event: db.prepare('INSERT INTO events (reference_id, at, kind, summary, data) VALUES (?, ?, ?, ?, ?)'),
    status: db.prepare(
      'INSERT INTO status_history (reference_id, at, display_status, provider_status) VALUES (?, ?, ?, ?)',
    ),
    refund: db.prepare(`INSERT INTO refunds (refund_id, reference_id, amount_minor, currency, reason, idempotency_key,
      state, provider_order_id, local_day, created_at, updated_at)
      VALUES (?, ?, ?, 'SGD', 'Wrong item charged', ?, 'succeeded', ?, ?, ?, ?)`),
    attemptRow: db.prepare('SELECT * FROM payment_attempts WHERE reference_id = ?'),
    refundRow: db.prepare('SELECT * FROM refunds WHERE refund_id = ?'),
    chain: db.prepare('INSERT INTO audit_chain (seq, subject, body, hash) VALUES (?, ?, ?, ?)'),
  };
}

function writeRows(db: DatabaseSync, payments: number): Omit<Seeded, 'ms'> {
  const random = mulberry32(20261121);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const code = (alphabet: readonly string[], length: number): string => {
    let text = '';
    for (let i = 0; i < length; i += 1) text += pick(alphabet);
    return text;
  };
  const uuid = (): string => {
    const hex = code([...'0123456789abcdef'], 32);
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20)}`;
  };
  const sql = prepare(db);
  const days = seedDays(payments);
  const perDay = Math.ceil(payments / days);
  const firstMorning = LAST_MORNING - (days - 1) * 86_400_000;
  const head = db.prepare('SELECT seq, hash FROM audit_chain ORDER BY seq DESC LIMIT 1').get();
  let seq = head ? Number(head['seq']) : 0;
  let previousHash = head ? String(head['hash']) : GENESIS_HASH;
  const chain = (kind: string, table: string, key: string, record: Record<string, unknown>, at: number): void => {
    seq += 1;
    const subject = subjectOf(table, key);
    const body = entryBody({ seq, at, kind, subject, record: plain(record) });
    previousHash = entryHash(previousHash, body);
    sql.chain.run(seq, subject, body, previousHash);
  };
  const middle = Math.floor(payments / 2);
  let middleReference = '';
  let middleNextOrderId = '';
  let refunds = 0;
  let lastDay = '';

  for (let start = 0; start < payments; start += SEED_BATCH) {
    db.exec('BEGIN');
    for (let n = start; n < Math.min(payments, start + SEED_BATCH); n += 1) {
      const day = Math.floor(n / perDay);
      const slot = n % perDay;
      const createdAt =
        firstMorning + day * 86_400_000 + Math.floor((slot / perDay) * 14 * 3_600_000) + Math.floor(random() * 20_000);
      const localDay = new Date(createdAt + TIME_ZONE_OFFSET_MS).toISOString().slice(0, 10);
      const method = random() < 0.4 ? 'customer-qr' : 'merchant-qr';
      const amountMinor = 100 + Math.floor(random() * 49_900);
      const referenceId = `TILL01-${localDay.replaceAll('-', '')}-${code(CROCKFORD, 8)}`;
      const note = random() < 0.05 ? 'Table 4, "window"' : null;
      const providerOrderId = `${localDay.slice(2, 4)}${localDay.slice(5, 7)}${localDay.slice(8, 10)}-${String(n % 10_000).padStart(4, '0')}-${code(LETTERS, 4)}`;
      const createdSentAt = createdAt + 400;
      const finalAt = createdSentAt + 15_000;
      const outcome = pick(OUTCOMES);
      const refund =
        outcome === 'paid' && random() < 0.06
          ? { full: random() < 0.4, at: finalAt + 600_000, idempotencyKey: uuid() }
          : null;
      const refundedMinor = !refund ? 0 : refund.full ? amountMinor : Math.max(1, Math.floor(amountMinor / 3));
      const providerStatus = refund?.full ? 'REFUNDED' : PROVIDER_STATUS[outcome];
      const displayStatus = refund?.full ? 'refunded' : outcome;
      const consumerCode = method === 'customer-qr' ? `2810${String(n).padStart(14, '0')}` : null;
      sql.attempt.run(
        referenceId,
        method,
        amountMinor,
        uuid(),
        displayStatus,
        providerStatus,
        providerOrderId,
        outcome === 'paid' ? 'PAY' : null,
        outcome === 'failed' ? 'Declined by wallet' : null,
        method === 'merchant-qr' ? `wallet://pay/${referenceId}` : null,
        note,
        consumerCode ? createHash('sha256').update(consumerCode, 'utf8').digest('hex') : null,
        refundedMinor,
        localDay,
        createdAt,
        refund ? refund.at : finalAt,
        refund ? (refund.full ? 5 : 4) : 3,
      );
      const request = method === 'customer-qr' ? 'scan sent' : 'create sent';
      sql.event.run(referenceId, createdAt, 'request', request, JSON.stringify({ amount: amountMinor, referenceId }));
      sql.event.run(
        referenceId,
        createdSentAt,
        'response',
        '200 created',
        JSON.stringify({ referenceId, traceId: `t-${n}` }),
      );
      sql.event.run(referenceId, finalAt, 'status', `status ${PROVIDER_STATUS[outcome]} (poll)`, null);
      sql.status.run(referenceId, createdAt, 'sending', null);
      sql.status.run(referenceId, createdSentAt, 'waiting', 'CREATED');
      sql.status.run(referenceId, finalAt, outcome, PROVIDER_STATUS[outcome]);
      if (refund?.full) sql.status.run(referenceId, refund.at, 'refunded', 'REFUNDED');
      chain(
        'payment.created',
        'payment_attempts',
        referenceId,
        sql.attemptRow.get(referenceId)!,
        refund?.at ?? finalAt,
      );
      if (refund) {
        const refundId = `${referenceId}-R1`;
        sql.refund.run(
          refundId,
          referenceId,
          refundedMinor,
          refund.idempotencyKey,
          providerOrderId,
          localDay,
          refund.at,
          refund.at,
        );
        chain('refund.created', 'refunds', refundId, sql.refundRow.get(refundId)!, refund.at);
        refunds += 1;
      }
      if (n === middle) middleReference = referenceId;
      if (n === middle + 1 || (n === middle && payments === 1)) middleNextOrderId = providerOrderId;
      lastDay = localDay;
    }
    db.exec('COMMIT');
  }
  const firstDay = new Date(firstMorning + TIME_ZONE_OFFSET_MS).toISOString().slice(0, 10);
  return {
    payments,
    days,
    middleReference,
    middleNextOrderId,
    refunds,
    events: payments * 3,
    chainEntries: seq,
    firstDay,
    lastDay,
  };
}
