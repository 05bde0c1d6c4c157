import type pg from 'pg';
import type { TillRef, TillState, OutboxEvent } from './events.ts';
import { inTransaction, type HeadOfficeDb } from './connection.ts';
import { requireKnownSchema } from './migrate.ts';
import { classified } from './problems.ts';
import { projectionSql } from './projections.ts';

// The two writes a till makes: a batch of its outbox (exactly once by till and seq, whatever is resent) and
// its heartbeat. Each checks the schema version in its own transaction first and writes nothing to one it
// does not know.

export interface IngestResult {
  /** The highest seq of the batch: every event up to it is stored (now or before). 0 for an empty batch. */
  readonly acknowledgedThroughSeq: number;
  /** How many of the batch's events were new (the others had come before: nothing of theirs is applied again). */
  readonly inserted: number;
}

/**
 * Stores a batch of one till's outbox events in one transaction: each event once by (till_id, seq); only the
 * events new to the head office are projected into payments, refunds, shifts, till_days and staff; the till's
 * `last_seq` and `last_seen_at` follow.
 *
 * `journalId` names the journal whose outbox numbered the events. The seqs the batch carries are that journal's;
 * the head office files them after `seq_base`, fixed when it first hears of the journal (schema v2). A till whose
 * journal was started anew after a loss numbers from 1 again: its events land after all the old journal's, where
 * version 1 dropped them as resends. `acknowledgedThroughSeq` is in the journal's own numbers.
 */
export async function ingestBatch(
  db: HeadOfficeDb,
  till: TillRef,
  journalId: string,
  events: readonly OutboxEvent[],
): Promise<IngestResult> {
  const acknowledgedThroughSeq = events.reduce((highest, event) => Math.max(highest, event.seq), 0);
  return classified(() =>
    inTransaction(db, async (client) => {
      await requireKnownSchema(client);
      // Locks the till's row: two senders of one till (a copied disk not yet caught) take turns.
      const before = await client.query<{ last_seq: string; journal_id: string | null; seq_base: string }>(
        'select last_seq, journal_id, seq_base from wallet_pos.tills where till_id = $1 for update',
        [till.tillId],
      );
      const previousLastSeq = Number(before.rows[0]?.last_seq ?? 0);
      const base = seqBaseOf(before.rows[0], journalId);
      const rows = events.map((event) => ({
        seq: base + event.seq,
        kind: event.kind,
        occurred_at: event.occurredAt,
        body: event.body,
      }));
      const inserted = await client.query<{ seq: string; kind: string }>(
        `insert into wallet_pos.events (till_id, seq, shop_id, kind, occurred_at, body)
         select $1, e.seq, $2, e.kind, e.occurred_at, e.body
         from jsonb_to_recordset($3::jsonb) as e(seq bigint, kind text, occurred_at timestamptz, body jsonb)
         on conflict (till_id, seq) do nothing
         returning seq, kind`,
        [till.tillId, till.shopId, JSON.stringify(rows)],
      );
      const seqsByKind = new Map<string, number[]>();
      for (const row of inserted.rows) {
        seqsByKind.set(row.kind, [...(seqsByKind.get(row.kind) ?? []), Number(row.seq)]);
      }
      const insertedSeqs = inserted.rows.map((row) => Number(row.seq));
      // In order (the usual case): every new event is newer than all stored before, so the newest per key is
      // found inside the batch alone.
      const inOrder = insertedSeqs.every((seq) => seq > previousLastSeq);
      if (seqsByKind.has('staff')) {
        // Revisions must become visible in their order within a shop, or a till reading the roster since its
        // last revision could step over one still being committed: one staff writer per shop at a time.
        await client.query(`select pg_advisory_xact_lock(hashtext('wallet_pos.staff'), hashtext($1))`, [till.shopId]);
      }
      for (const [kind, seqs] of seqsByKind) {
        const sql = projectionSql(kind, inOrder);
        if (sql) await projectOrSetAside(client, sql, till.tillId, seqs);
      }
      await client.query(
        `insert into wallet_pos.tills (till_id, shop_id, terminal_reference, version, last_seen_at, last_seq,
           journal_id, seq_base)
         values ($1, $2, '', '', now(), $3, $4, $5)
         on conflict (till_id) do update set shop_id = excluded.shop_id, last_seen_at = now(),
           last_seq = greatest(wallet_pos.tills.last_seq, excluded.last_seq),
           journal_id = excluded.journal_id, seq_base = excluded.seq_base`,
        [till.tillId, till.shopId, base + acknowledgedThroughSeq, journalId, base],
      );
      return { acknowledgedThroughSeq, inserted: inserted.rowCount ?? 0 };
    }),
  );
}

/**
 * Where a journal's seq 1 lands. The journal the head office knows keeps its base. Another journal of the till
 * starts after everything stored from it. A till row without a journal (made by a heartbeat, or by a version 1
 * till before this one was updated) is the same journal going on: its events were numbered from its own 1.
 */
function seqBaseOf(
  till: { last_seq: string; journal_id: string | null; seq_base: string } | undefined,
  journalId: string,
): number {
  if (!till || till.journal_id === null) return 0;
  if (till.journal_id === journalId) return Number(till.seq_base);
  return Number(till.last_seq);
}

/**
 * Projects one kind's new events in one statement; when PostgreSQL refuses it (a body a bug made, a value out of
 * range), projects them one by one, and notes each that still fails in `unprojected_events` with the reason. The
 * event itself stays in `events`, and the batch commits: one bad event must not hold back every later sale.
 */
async function projectOrSetAside(client: pg.PoolClient, sql: string, tillId: string, seqs: number[]): Promise<void> {
  if (await inSavepoint(client, () => client.query(sql, [tillId, seqs]))) return;
  for (const seq of seqs) {
    let reason = '';
    const projected = await inSavepoint(
      client,
      () => client.query(sql, [tillId, [seq]]),
      (error) => (reason = error.message),
    );
    if (projected) continue;
    await client.query(
      `insert into wallet_pos.unprojected_events (till_id, seq, reason) values ($1, $2, $3)
       on conflict (till_id, seq) do nothing`,
      [tillId, seq, reason],
    );
  }
}

/** Runs `work` under a savepoint: true when it went through, false (rolled back to the savepoint) when it threw. */
async function inSavepoint(
  client: pg.PoolClient,
  work: () => Promise<unknown>,
  onError: (error: Error) => void = () => undefined,
): Promise<boolean> {
  await client.query('savepoint projection');
  try {
    await work();
    await client.query('release savepoint projection');
    return true;
  } catch (error) {
    // A connection that is gone cannot roll back: that is the batch failing, sent again later.
    await client.query('rollback to savepoint projection');
    onError(error as Error);
    return false;
  }
}

/**
 * Records that the till is alive and what it is doing (every 30 s): `online` in shop.tills reads this; and its
 * chain's head, each head as first told (a head told again changes nothing).
 */
export async function heartbeat(db: HeadOfficeDb, state: TillState): Promise<void> {
  await classified(() =>
    inTransaction(db, async (client) => {
      await requireKnownSchema(client);
      await client.query(
        `insert into wallet_pos.tills (till_id, shop_id, terminal_reference, version, last_seen_at, signed_in,
           open_shift, unresolved_count, printer_state)
         values ($1, $2, $3, $4, now(), $5, $6, $7, $8)
         on conflict (till_id) do update set shop_id = excluded.shop_id,
           terminal_reference = excluded.terminal_reference, version = excluded.version, last_seen_at = now(),
           signed_in = excluded.signed_in, open_shift = excluded.open_shift,
           unresolved_count = excluded.unresolved_count, printer_state = excluded.printer_state`,
        [
          state.tillId,
          state.shopId,
          state.terminalReference,
          state.version,
          state.signedIn,
          state.openShift,
          state.unresolvedCount,
          state.printerState,
        ],
      );
      if (state.chainHead && state.chainHead.entries > 0) {
        await client.query(
          `insert into wallet_pos.chain_heads (till_id, entries, hash, reported_at) values ($1, $2, $3, now())
           on conflict (till_id, entries) do nothing`,
          [state.tillId, state.chainHead.entries, state.chainHead.hash],
        );
      }
    }),
  );
}
