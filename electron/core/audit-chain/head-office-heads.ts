import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TILL_IDENTITY_FILE } from '../head-office/till-identity.ts';
import { chainHeadsOf, closeHeadOffice, openHeadOffice } from '../head-office/pg/index.ts';
import { shortHash, type ChainHead, type StoredChainEntry } from './chain-entry.ts';

// What the verifier alone cannot catch: a journal rewritten with every hash after the change recomputed. The head
// office keeps each chain head the till told it with its heartbeat (`wallet_pos.chain_heads`, each as first
// told); a head it holds that is not the chain's entry of that number now is a rewrite.

export interface RewrittenFinding {
  readonly kind: 'rewritten';
  /** The entry whose hash the head office holds. */
  readonly seq: number;
  readonly detail: string;
}

/** The heads the head office holds that the chain no longer has as they were told, oldest first. */
export function headsNotInChain(entries: readonly StoredChainEntry[], heads: readonly ChainHead[]): RewrittenFinding[] {
  const bySeq = new Map(entries.map((entry) => [entry.seq, entry.hash]));
  return heads
    .filter((head) => bySeq.get(head.entries) !== head.hash)
    .map((head) => {
      const now = bySeq.get(head.entries);
      return {
        kind: 'rewritten',
        seq: head.entries,
        detail:
          now === undefined
            ? `the head office holds entry ${head.entries} (${shortHash(head.hash)}); the chain no longer has it`
            : `entry ${head.entries} is ${shortHash(now)}; the head office holds ${shortHash(head.hash)}`,
      };
    });
}

/** The till id of a data folder (`head-office-till.json`), or null when it never had one. */
export function tillIdOfFolder(dataDir: string): string | null {
  try {
    const file = JSON.parse(readFileSync(join(dataDir, TILL_IDENTITY_FILE), 'utf8')) as { tillId?: unknown };
    return typeof file.tillId === 'string' ? file.tillId : null;
  } catch {
    return null;
  }
}

/** The heads the head office at `url` holds for `tillId`. */
export async function headOfficeHeads(url: string, tillId: string): Promise<ChainHead[]> {
  const db = openHeadOffice(url);
  try {
    return (await chainHeadsOf(db, tillId)).map(({ entries, hash }) => ({ entries, hash }));
  } finally {
    await closeHeadOffice(db);
  }
}
