import { createHash } from 'node:crypto';
import { CHAIN_SHORT_HASH_LENGTH } from '../../../shared/audit-chain.ts';
import { canonicalJson, type CanonicalValue } from './canonical-json.ts';

// One entry of the audit chain and its hash. An entry's body is the canonical JSON of what happened (its number,
// when, what kind of record, which record, and the record itself as written); its hash is
// SHA-256(previous entry's hash ‖ body), the first entry's previous hash being 32 zero bytes. Changing, removing,
// adding or moving any entry changes every hash after it.

/** The hash before the first entry. */
export const GENESIS_HASH = '0'.repeat(64);

export interface ChainEntryBody {
  /** 1, 2, 3…: the entry's place in the chain, inside what is hashed (a moved entry no longer fits its place). */
  readonly seq: number;
  /** Epoch ms, by the journal's clock. */
  readonly at: number;
  /** What happened: `payment.created`, `refund.changed`, `shift.closed`, `settings.changed`… */
  readonly kind: string;
  /** Which record: `<table>/<primary key>` for a journal row, a name for a record kept elsewhere (`settings`). */
  readonly subject: string;
  /** The record as written: the row's every column, or what the change outside the journal was; null once deleted. */
  readonly record: CanonicalValue;
}

/** An entry as the chain keeps it (the audit_chain table, a line of an export). */
export interface StoredChainEntry {
  readonly seq: number;
  readonly subject: string;
  readonly body: string;
  readonly hash: string;
}

/** The chain's last entry: what a Z or day report prints and an auditor compares. */
export type { ChainMark as ChainHead } from '../../../shared/audit-chain.ts';

export function entryBody(body: ChainEntryBody): string {
  return canonicalJson(body);
}

export function entryHash(previousHash: string, body: string): string {
  return createHash('sha256').update(Buffer.from(previousHash, 'hex')).update(body, 'utf8').digest('hex');
}

export function shortHash(hash: string): string {
  return hash.slice(0, CHAIN_SHORT_HASH_LENGTH);
}
