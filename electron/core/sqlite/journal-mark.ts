import { closeSync, fdatasyncSync, fsyncSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { crc32 } from 'node:zlib';
import { syncFolder } from '../files/private-file.ts';

// The till's record, outside the journal, that a journal exists and how far it got: its id and the number of
// write transactions it has committed, with the time of the last one. It lives beside the journal as
// `<journal>.mark`, so a journal that is deleted, emptied, swapped for another file or rolled back to an older
// copy is noticed at the next start instead of silently starting over.
//
// Cost per write: one pwrite of 512 bytes into a file kept open (no open, rename or fsync per commit). The
// file has two 512-byte slots and a write goes to slot `writes % 2`, each slot with its own CRC: a write torn
// by a power cut spoils at most one slot, and the reader takes the newest sound one. The mark is written
// only AFTER the journal's commit returned (fsynced), so it is never ahead of what the journal durably has;
// a crash between the two leaves it behind, which is harmless (the journal being ahead is normal). It is
// fsynced when created and when the journal closes, not per write: after a power cut it may lag, never lead.

export interface JournalMark {
  readonly journalId: string;
  /** Write transactions the journal had committed when this mark was written. */
  readonly writes: number;
  /** When the last of them was committed (epoch ms), null when the journal has not been written yet. */
  readonly lastWriteAt: number | null;
}

export type MarkReading =
  | { readonly kind: 'none' }
  | { readonly kind: 'found'; readonly mark: JournalMark }
  | { readonly kind: 'unreadable'; readonly detail: string };

const SLOT_BYTES = 512;
const FORMAT = 'wallet-pos journal mark v1';

export function markFileOf(journalFile: string): string {
  return `${journalFile}.mark`;
}

export function readMark(path: string): MarkReading {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'none' };
    return { kind: 'unreadable', detail: describe(error) };
  }
  let best: JournalMark | null = null;
  for (let offset = 0; offset < Math.min(bytes.length, 2 * SLOT_BYTES); offset += SLOT_BYTES) {
    const mark = parseSlot(bytes.subarray(offset, offset + SLOT_BYTES));
    if (!mark) continue;
    if (best && best.journalId !== mark.journalId)
      return { kind: 'unreadable', detail: 'the two slots name different journals' };
    if (!best || mark.writes > best.writes) best = mark;
  }
  return best
    ? { kind: 'found', mark: best }
    : { kind: 'unreadable', detail: `no sound record in ${bytes.length} bytes` };
}

export interface MarkWriter {
  /** Records how far the journal got. Never throws: a mark that lags is harmless, a failed payment is not. */
  write(mark: JournalMark): void;
  close(): void;
}

/**
 * Replaces the mark with `mark` in both slots (a new or newly adopted journal): temp file, fsync, rename,
 * fsync of the folder, so a crash leaves the old mark or the new one. Then keeps it open for cheap writes.
 */
export function createMark(path: string, mark: JournalMark): MarkWriter {
  const temp = `${path}.${process.pid}.tmp`;
  const fd = openSync(temp, 'w', 0o600);
  try {
    writeSync(fd, Buffer.concat([slotBytes(mark), slotBytes(mark)]));
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temp, path);
  syncFolder(dirname(path));
  return openMark(path);
}

/** Opens an existing mark for writing (its record was just checked against the journal). */
export function openMark(path: string): MarkWriter {
  let fd: number | null = openSync(path, 'r+', 0o600);
  let dirty = false;
  return {
    write(mark) {
      if (fd === null) return;
      try {
        writeSync(fd, slotBytes(mark), 0, SLOT_BYTES, (mark.writes % 2) * SLOT_BYTES);
        dirty = true;
      } catch {
        // Disk trouble: the journal already has the write; the mark catches up at the next one.
      }
    },
    close() {
      if (fd === null) return;
      try {
        if (dirty) fdatasyncSync(fd);
      } catch {
        // As above: a lagging mark is harmless.
      } finally {
        closeSync(fd);
        fd = null;
      }
    },
  };
}

function slotBytes(mark: JournalMark): Buffer {
  const json = JSON.stringify({
    format: FORMAT,
    journalId: mark.journalId,
    writes: mark.writes,
    lastWriteAt: mark.lastWriteAt,
  });
  const line = `${json}\t${checksum(json)}\n`;
  const slot = Buffer.alloc(SLOT_BYTES, ' ');
  if (Buffer.byteLength(line) > SLOT_BYTES) throw new Error('journal mark too long');
  slot.write(line, 0, 'utf8');
  return slot;
}

function parseSlot(slot: Buffer): JournalMark | null {
  const text = slot.toString('utf8');
  const end = text.indexOf('\n');
  if (end < 0) return null;
  const [json, sum] = text.slice(0, end).split('\t');
  if (json === undefined || sum !== checksum(json)) return null;
  try {
    const value = JSON.parse(json) as Record<string, unknown>;
    if (value['format'] !== FORMAT || typeof value['journalId'] !== 'string' || !Number.isSafeInteger(value['writes']))
      return null;
    const lastWriteAt = value['lastWriteAt'];
    return {
      journalId: value['journalId'],
      writes: value['writes'] as number,
      lastWriteAt: typeof lastWriteAt === 'number' ? lastWriteAt : null,
    };
  } catch {
    return null;
  }
}

function checksum(text: string): string {
  return crc32(text).toString(16).padStart(8, '0');
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
