import { createPublicKey, sign, verify } from 'node:crypto';
import { canonicalJson } from './canonical-json.ts';
import type { ChainHead, StoredChainEntry } from './chain-entry.ts';
import { walkChain, type ChainWalkFinding } from './chain-walk.ts';
import { fingerprintOf, type TillKey } from './till-key.ts';

// The audit chain for an auditor: JSON lines, checkable without the till.
//   line 1          {"entries":N,"exportedAt":"…","format":"wallet-pos-audit-chain/1","head":"…","publicKey":"…"}
//   lines 2…N+1     each entry as the journal keeps it: {"body":"…","hash":"…","seq":n,"subject":"…"}
//   last line       {"signature":"…"}: Ed25519, by the till's key, over every byte before it (newlines included)
// The verifier checks the signature with the key the file carries (and, given one, that it is the key the
// auditor was told), then walks the chain as it walks the journal's (chain-walk.ts). One byte changed anywhere
// and the signature fails; an export re-signed with another key shows another fingerprint.

export const EXPORT_FORMAT = 'wallet-pos-audit-chain/1';

export interface ExportHeader {
  readonly format: typeof EXPORT_FORMAT;
  readonly publicKey: string;
  readonly entries: number;
  readonly head: string;
  readonly exportedAt: string;
}

export function exportChain(entries: readonly StoredChainEntry[], head: ChainHead, key: TillKey, now: Date): string {
  const header: ExportHeader = {
    format: EXPORT_FORMAT,
    publicKey: key.publicKey,
    entries: head.entries,
    head: head.hash,
    exportedAt: now.toISOString(),
  };
  const lines = [header, ...entries.map(({ seq, subject, body, hash }) => ({ seq, subject, body, hash }))];
  const signed = lines.map((line) => `${canonicalJson(line)}\n`).join('');
  const signature = sign(null, Buffer.from(signed, 'utf8'), key.privateKey).toString('base64');
  return `${signed}${canonicalJson({ signature })}\n`;
}

export type ExportProblem =
  | { readonly kind: 'unreadable'; readonly detail: string }
  | { readonly kind: 'signature'; readonly detail: string }
  | { readonly kind: 'other-key'; readonly detail: string }
  | { readonly kind: 'count'; readonly detail: string }
  | { readonly kind: 'chain'; readonly detail: string; readonly finding: ChainWalkFinding };

export interface ExportVerdict {
  /** The key's fingerprint, as About shows it; null when the file could not be read that far. */
  readonly fingerprint: string | null;
  readonly header: ExportHeader | null;
  readonly head: ChainHead | null;
  readonly problems: readonly ExportProblem[];
}

/** `expectedPublicKey`: the till's key as the auditor knows it (About, the head office), base64 SPKI DER. */
export function verifyExport(text: string, expectedPublicKey?: string): ExportVerdict {
  const unreadable = (detail: string): ExportVerdict => ({
    fingerprint: null,
    header: null,
    head: null,
    problems: [{ kind: 'unreadable', detail }],
  });
  if (!text.endsWith('\n')) return unreadable('the file does not end with a whole line');
  const cut = text.lastIndexOf('\n', text.length - 2);
  if (cut < 0) return unreadable('the file has no signature line');
  const signed = text.slice(0, cut + 1);
  const lines = signed.split('\n').slice(0, -1);
  let header: ExportHeader;
  let signature: string;
  let entries: unknown[];
  try {
    header = JSON.parse(lines[0] ?? '') as ExportHeader;
    signature = (JSON.parse(text.slice(cut + 1)) as { signature: string }).signature;
    entries = lines.slice(1).map((line) => JSON.parse(line) as unknown);
  } catch {
    return unreadable('a line is not JSON');
  }
  if (header.format !== EXPORT_FORMAT || typeof header.publicKey !== 'string' || typeof signature !== 'string')
    return unreadable(`not a ${EXPORT_FORMAT} file`);
  const problems: ExportProblem[] = [];
  let fingerprint: string | null = null;
  try {
    const der = Buffer.from(header.publicKey, 'base64');
    const key = createPublicKey({ key: der, format: 'der', type: 'spki' });
    fingerprint = fingerprintOf(der);
    if (!verify(null, Buffer.from(signed, 'utf8'), key, Buffer.from(signature, 'base64')))
      problems.push({ kind: 'signature', detail: 'the signature does not fit the file: it was changed after export' });
  } catch (error) {
    problems.push({ kind: 'signature', detail: `the key or signature cannot be read (${String(error)})` });
  }
  if (expectedPublicKey !== undefined && expectedPublicKey !== header.publicKey)
    problems.push({ kind: 'other-key', detail: `signed by another key (${fingerprint ?? '?'})` });
  const walk = walkChain(entries as StoredChainEntry[]);
  if (walk.finding) problems.push({ kind: 'chain', detail: walk.finding.detail, finding: walk.finding });
  else if (walk.head.entries !== header.entries || walk.head.hash !== header.head)
    problems.push({ kind: 'count', detail: `the header says ${header.entries} entries; the file holds ${walk.total}` });
  return { fingerprint, header, head: walk.head, problems };
}
