import { entryHash, GENESIS_HASH, type ChainEntryBody, type ChainHead, type StoredChainEntry } from './chain-entry.ts';

// Walking the chain from its first entry: each entry must be numbered next, carry its own number in its body, and
// hash to what it holds after the entry before it. The first entry that does not fit is named, with what was
// most likely done to it (the walk stops there: after a break every later hash differs anyway):
// - deleted: a number is missing (entries removed), or the entry carries a later number and none further on
//   carries this one (entries removed and the rest renumbered);
// - reordered: the entry carries another place's number and that place's entry comes later (two swapped);
// - inserted: the entry carries an earlier place's number (one was put in before it and the rest renumbered);
// - edited: it is in its place but its hash does not fit what it holds.
// Works on the journal's table and on an auditor's export alike.

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
  /** Every entry's parsed body by place (those after a break too): the rows' check holds the tables to them. */
  readonly bodies: readonly ChainEntryBody[];
}

/** Entries walked between two pauses of a sliced walk (`walkChainSteps`): a few milliseconds' work. */
export const STEP = 2_000;

export function walkChain(entries: Iterable<StoredChainEntry>): ChainWalk {
  return toEnd(walkChainSteps(entries));
}

/** The walk in steps: it pauses (yields) every STEP entries, for a caller that must answer others meanwhile. */
export function* walkChainSteps(entries: Iterable<StoredChainEntry>): Generator<void, ChainWalk> {
  const all = [...entries];
  const bodies: ChainEntryBody[] = [];
  let previous = GENESIS_HASH;
  let fitting = 0;
  let finding: ChainWalkFinding | null = null;
  for (let index = 0; index < all.length; index += 1) {
    if (index % STEP === STEP - 1) yield;
    const entry = all[index]!;
    const body = parse(entry.body);
    if (body) bodies.push(body);
    if (finding) continue;
    const place = index + 1;
    const at = (kind: ChainBreak, detail: string): ChainWalkFinding => ({
      kind,
      seq: place,
      subject: body?.subject ?? entry.subject,
      detail,
    });
    if (entry.seq !== place) {
      finding = at('deleted', `entry ${place} is missing (the next one is ${entry.seq})`);
    } else if (!body) {
      finding = at('edited', `entry ${place} does not hold an entry any more`);
    } else if (body.seq !== place) {
      finding = misplaced(all, index, body.seq, at);
    } else if (entryHash(previous, entry.body) !== entry.hash) {
      finding = at('edited', `entry ${place} (${body.kind} ${body.subject}) does not hash to what it holds`);
    } else {
      previous = entry.hash;
      fitting = place;
    }
  }
  return { head: { entries: fitting, hash: previous }, total: all.length, finding, bodies };
}

function misplaced(
  all: readonly StoredChainEntry[],
  index: number,
  carried: number,
  at: (kind: ChainBreak, detail: string) => ChainWalkFinding,
): ChainWalkFinding {
  const place = index + 1;
  if (carried < place) return at('inserted', `an entry was put in before entry ${place} (it was entry ${carried})`);
  const ownComesLater = all.slice(index + 1).some((later) => parse(later.body)?.seq === place);
  return ownComesLater
    ? at('reordered', `entry ${place} is entry ${carried}, moved (the two were swapped)`)
    : at('deleted', `entries ${place} to ${carried - 1} were removed and the rest renumbered`);
}

function parse(body: string): ChainEntryBody | null {
  try {
    const value = JSON.parse(body) as Partial<ChainEntryBody> | null;
    if (!value || typeof value !== 'object' || typeof value.seq !== 'number' || typeof value.subject !== 'string')
      return null;
    return value as ChainEntryBody;
  } catch {
    return null;
  }
}

/** Runs a stepped job to its end at once. */
export function toEnd<T>(steps: Generator<void, T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}
