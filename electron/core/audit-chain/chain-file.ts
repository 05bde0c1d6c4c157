import { existsSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { GENESIS_HASH, type ChainHead, type StoredChainEntry } from './chain-entry.ts';

// The chain as a journal file holds it, read through a read-only connection of its own (beside a running till:
// WAL lets a reader in while the service writes), for About and the signed export.

/** Every entry in order, and the last one's number and hash as stored (whether or not the chain fits). */
export function storedChain(filePath: string): { entries: StoredChainEntry[]; head: ChainHead } {
  if (!existsSync(filePath)) return { entries: [], head: { entries: 0, hash: GENESIS_HASH } };
  const db = new DatabaseSync(filePath, { readOnly: true });
  try {
    db.exec('PRAGMA busy_timeout = 5000');
    const entries = db
      .prepare('SELECT seq, subject, body, hash FROM audit_chain ORDER BY seq')
      .all() as unknown as StoredChainEntry[];
    const last = entries.at(-1);
    return { entries, head: last ? { entries: last.seq, hash: last.hash } : { entries: 0, hash: GENESIS_HASH } };
  } finally {
    db.close();
  }
}

/** The last entry alone (About): no need to read the whole chain for it. */
export function storedHead(filePath: string): ChainHead {
  if (!existsSync(filePath)) return { entries: 0, hash: GENESIS_HASH };
  const db = new DatabaseSync(filePath, { readOnly: true });
  try {
    db.exec('PRAGMA busy_timeout = 5000');
    const last = db.prepare('SELECT seq, hash FROM audit_chain ORDER BY seq DESC LIMIT 1').get();
    return last ? { entries: Number(last['seq']), hash: String(last['hash']) } : { entries: 0, hash: GENESIS_HASH };
  } finally {
    db.close();
  }
}
