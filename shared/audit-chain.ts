// The audit chain (electron/core/audit-chain/): every record of money and authority on the till, hash-chained in
// its payment journal. What the contract and the printed reports carry of it. Pure data.

/** The chain as it stood: its last entry's hash (hex, SHA-256) and how many entries it had. */
export interface ChainMark {
  readonly hash: string;
  readonly entries: number;
}

/** Reports print this many characters of the hash: enough to compare by eye with the verifier's answer. */
export const CHAIN_SHORT_HASH_LENGTH = 12;

/** `#1234 a1b2c3d4e5f6`: the chain line of a Z or day report (its last entry's number, then its short hash). */
export function chainLine(mark: ChainMark): string {
  return `#${mark.entries} ${mark.hash.slice(0, CHAIN_SHORT_HASH_LENGTH)}`;
}
