import { DatabaseSync } from 'node:sqlite';
import { performance } from 'node:perf_hooks';
import { createChainWriter } from '../../electron/core/audit-chain/chain-writer.ts';
import { verifyJournalFile } from '../../electron/core/audit-chain/journal-verify.ts';
import { verifyJournalFileOffThread } from '../../electron/core/audit-chain/verify-off-thread.ts';

// What the audit chain (electron/core/audit-chain/) costs, for the journal bench, measured on the seeded file:
// - its step inside a payment write's commit, alone: the row the write touched read back, its entry hashed and
//   inserted (no fsync of its own: it rides the write's commit), on a connection of the bench's, the way the
//   journal's commit helper runs it;
// - the verifier over the whole chain (every entry hashed, every row held to its entry), as the CLI runs it, and
//   once as Check this till runs it, in its worker thread.

export const CHAIN_GOALS = { perWriteMs: 1, verify100kMs: 2_000 } as const;

/**
 * The verifier over the whole chain, `runs` times, as the CLI runs it (in this thread; Check this till runs
 * the same function in a worker). CPU time (user + system) beside wall time: on a shared machine the wall time
 * mostly says how busy the machine was.
 */
export function chainVerifyTimings(
  filePath: string,
  runs: number,
): { entries: number; runsMs: number[]; cpuMs: number[] } {
  const runsMs: number[] = [];
  const cpuMs: number[] = [];
  let entries = 0;
  for (let run = 0; run < runs; run += 1) {
    const cpu = process.cpuUsage();
    const t0 = performance.now();
    const verdict = verifyJournalFile(filePath);
    runsMs.push(performance.now() - t0);
    const used = process.cpuUsage(cpu);
    cpuMs.push((used.user + used.system) / 1000);
    if (!verdict || verdict.findings.length > 0)
      throw new Error(`the seeded journal's chain does not verify: ${JSON.stringify(verdict?.findings[0])}`);
    entries = verdict.total;
  }
  return { entries, runsMs, cpuMs };
}

/** Check this till's way: the same verify in its worker thread, start to answer. */
export async function chainCheckOffThreadMs(filePath: string): Promise<number> {
  const t0 = performance.now();
  const verdict = await verifyJournalFileOffThread(filePath);
  if (!verdict || verdict.findings.length > 0)
    throw new Error("the seeded journal's chain does not verify in the worker");
  return performance.now() - t0;
}

/** One payment row changed per transaction, the chain's step timed alone inside it (then committed). */
export function chainStepTimings(
  filePath: string,
  referenceIds: readonly string[],
  now: () => number,
): { perWriteMs: number[] } {
  const db = new DatabaseSync(filePath);
  try {
    const writer = createChainWriter(db, now);
    const touch = db.prepare('UPDATE payment_attempts SET note = ?, updated_at = ? WHERE reference_id = ?');
    const perWriteMs: number[] = [];
    for (const [index, referenceId] of referenceIds.entries()) {
      db.exec('BEGIN IMMEDIATE');
      touch.run(`bench ${index}`, now(), referenceId);
      const t0 = performance.now();
      writer.chainWrittenRows();
      perWriteMs.push(performance.now() - t0);
      db.exec('COMMIT');
    }
    return { perWriteMs };
  } finally {
    db.close();
  }
}
