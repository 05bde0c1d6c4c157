import type { z } from 'zod';
import type { Notice } from './notices.ts';
import { empty, type Empty } from './request-atoms.ts';

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

/** The till's audit chain as Settings → About shows it. */
export interface AuditChainInfo {
  /** The till's Ed25519 public key, SPKI DER in base64: what an export carries and `--public-key` takes. */
  readonly publicKey: string;
  /** SHA-256 of that key, 16 hex characters in groups of four: what a person compares with an export's. */
  readonly fingerprint: string;
  /** The chain's last entry now. */
  readonly head: ChainMark;
  /**
   * What the till's last check of the chain found wrong (at start, then each Check this till), in words; null
   * when it found nothing. The next admin to sign in is shown it: it never stops a sale.
   */
  readonly broken: Notice | null;
}

/** A signed export written to disk (JSON lines): its path, size and how many entries it holds. */
export interface AuditChainExport {
  readonly path: string;
  readonly bytes: number;
  readonly entries: number;
}

export interface AuditChainChannels {
  /** The till's public key and the chain's last entry. Open to anyone at the till: no secret, nothing changes. */
  'auditChain.info': { request: Empty; response: AuditChainInfo };
  /** The chain for an auditor, signed with the till's key, saved beside the support bundles. Admin only. */
  'auditChain.export': { request: Empty; response: AuditChainExport };
}

export const auditChainRequestSchemas: {
  [K in keyof AuditChainChannels]: z.ZodType<AuditChainChannels[K]['request']>;
} = {
  'auditChain.info': empty,
  'auditChain.export': empty,
};
