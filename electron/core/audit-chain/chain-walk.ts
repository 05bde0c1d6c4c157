import {
  chainHasher,
  GENESIS_HASH,
  type ChainEntryBody,
  type ChainHead,
  type StoredChainEntry,
} from './chain-entry.ts';

// Walking the chain from its first entry: each entry must be numbered next and hash to what it holds after the
// entry before it. The first entry that does not fit is named, with what was most likely done to it (the walk
// stops judging there: after a break every later hash differs anyway):
// - deleted: a number is missing (entries removed), or the entry carries a later number in its body and none
//   further on carries this one (entries removed and the rest renumbered);
// - reordered: the entry carries another place's number and that place's entry comes later (two swapped);
// - inserted: the entry carries an earlier place's number (one was put in before it and the rest renumbered);
// - edited: it is in its place but its hash does not fit what it holds.
// Bodies are parsed only where the hashes break: a sound chain of 100k entries costs its hashes alone. Works on
// the journal's table and on an auditor's export alike.

export type ChainBreak = 'edited' | 'deleted' | 'inserted' | 'reordered';

export interface ChainWalkFinding {
  readonly kind: ChainBreak;
  /** The place (seq) of the first entry that does not fit. */
  readonly seq: number;
  readonly subject: string | null;
  /** For people and support: what was expected there. English, like the CLI's output. */
  readonly detail: string;
}

export interface ChainWalk {
  /** Entries walked that fit, and the last one's hash. */
  readonly head: ChainHead;
  /** Entries in all (fitting or not). */
  readonly total: number;
  readonly finding: ChainWalkFinding | null;
}

export function walkChain(entries: Iterable<StoredChainEntry>): ChainWalk {
  const walker = chainWalker();
  for (const entry of entries) walker.next(entry.seq, entry.subject, entry.body, entry.hash);
  return walker.end();
}

/**
 * The walk fed one entry at a time, in the chain's order, as plain values: the journal's verifier reads the table
 * in batches of arrays and makes no object per entry.
 */
export function chainWalker(): {
  next(seq: number, subject: string, body: string, hash: string): void;
  end(): ChainWalk;
} {
  const hashOf = chainHasher();
  let previous = GENESIS_HASH;
  let fitting = 0;
  let total = 0;
  let finding: ChainWalkFinding | null = null;
  // A moved entry: judged once the rest has been seen (does this place's own entry come later?).
  let moved: { place: number; carried: number; subject: string } | null = null;
  return {
    next(seq, subject, body, hash) {
      total += 1;
      if (moved) {
        if (parse(body)?.seq === moved.place) {
          finding = at(
            'reordered',
            moved.place,
            moved.subject,
            `entry ${moved.place} is entry ${moved.carried}, moved`,
          );
          moved = null;
        }
        return;
      }
      if (finding) return;
      const place = total;
      if (seq === place && hashOf(previous, body) === hash) {
        previous = hash;
        fitting = place;
        return;
      }
      const held = parse(body);
      const named = held?.subject ?? subject ?? null;
      if (seq !== place) {
        finding = at('deleted', place, named, `entry ${place} is missing (the next one is ${seq})`);
      } else if (!held) {
        finding = at('edited', place, named, `entry ${place} does not hold an entry any more`);
      } else if (held.seq < place) {
        finding = at('inserted', place, named, `an entry was put in before entry ${place} (it was entry ${held.seq})`);
      } else if (held.seq > place) {
        moved = { place, carried: held.seq, subject: held.subject };
      } else {
        finding = at(
          'edited',
          place,
          named,
          `entry ${place} (${held.kind} ${held.subject}) does not hash to what it holds`,
        );
      }
    },
    end() {
      if (moved) {
        const { place, carried, subject } = moved;
        finding = at(
          'deleted',
          place,
          subject,
          `entries ${place} to ${carried - 1} were removed and the rest renumbered`,
        );
        moved = null;
      }
      return { head: { entries: fitting, hash: previous }, total, finding };
    },
  };
}

function at(kind: ChainBreak, seq: number, subject: string | null, detail: string): ChainWalkFinding {
  return { kind, seq, subject, detail };
}

export function parse(body: string): ChainEntryBody | null {
  try {
    const value = JSON.parse(body) as Partial<ChainEntryBody> | null;
    if (!value || typeof value !== 'object' || typeof value.seq !== 'number' || typeof value.subject !== 'string')
      return null;
    return value as ChainEntryBody;
  } catch {
    return null;
  }
}
