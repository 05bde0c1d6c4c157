import type { RosterPerson, RosterSend, StaffRoster } from '../../staff/staff-roster.ts';
import type { TillOutbox } from '../outbox/till-outbox.ts';

// One staff roster for the shop: this till's staff changes go out as `staff` events through the outbox, and the
// shop's roster comes back from the head office's `staff` table, read from where this till left off every few
// seconds and applied to the till's own copy (staff.json and the vault), which is what every sign-in reads: with
// the head office down, the till signs people in from its last copy and the outbox keeps its changes.
//
// Who wins when two tills changed one person: the head office's order. Each `staff` event that arrives there
// gives the person's row a new `revision` (a bigserial), so the row holds the change that ARRIVED last, and every
// till reads rows by revision and applies them in that order: all tills end with the same person, whatever order
// they were offline in. Not the change MADE last, by the tills' clocks: a till's clock may be wrong by minutes or
// days, and two clocks cannot order two edits that were both made offline anyway. For a roster this is the right
// rule: a person's record is small and whole (name, role, active, PIN) and changed rarely, by an admin, so no
// merge of fields is worth its surprises; what matters is that every till agrees, at once and without a human,
// and an admin who finds the older edit won makes it again, at any till. Nothing is lost meanwhile: the events
// stay in `events`, in arrival order, with the till that made each.
//
// A change this till made comes back through the roster too (applied like any other: no echo is sent, since
// `apply` never sends); a till stopped after sending but before writing its file gets its change back that way.

/** A page of the roster: the people changed after a revision (the newest state of each), and the newest one. */
export interface RosterPage {
  readonly people: readonly RosterPerson[];
  readonly revision: number;
}

/** ho-wire's `staffSince(db, shopId, revision)`, bound to the till's head office connection. */
export type ReadRoster = (shopId: string, revision: number) => Promise<RosterPage>;

/**
 * A person's change as a `staff` event of the till's outbox (numbered in a commit of its own: staff.json is no
 * journal). Not taken while the outbox is off or its journal not open: the staff keep the change as unsent.
 */
export function sendThrough(outbox: Pick<TillOutbox, 'append'>): RosterSend {
  return (person) => outbox.append({ kind: 'staff', body: person }) !== null;
}

/** How often the roster is read: a change is at another till within this plus the outbox's own sending delay. */
export const ROSTER_READ_EVERY_MS = 2_000;

export interface RosterLink {
  /** Reads and applies the roster now (after the read under way, if any); throws what the read threw. */
  pullNow(): Promise<void>;
  /** No more reads; this till's changes no longer go out through this link. */
  stop(): Promise<void>;
}

export function startRosterLink(options: {
  readonly roster: StaffRoster;
  readonly shopId: string;
  readonly read: ReadRoster;
  /** Appends a `staff` event (the person is its body) to the outbox: `sendThrough(outbox)`. */
  readonly send: RosterSend;
  readonly everyMs?: number | undefined;
  readonly log?: ((line: string) => void) | undefined;
}): RosterLink {
  const { roster, shopId, read, send } = options;
  const everyMs = options.everyMs ?? ROSTER_READ_EVERY_MS;
  roster.sendChangesTo(send);
  let stopped = false;
  let failing = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();

  async function once(): Promise<void> {
    // This till's own people join the shop's roster once, and changes no head office took go now (they go out
    // with the outbox, like any change).
    const published = await roster.publish(shopId, send);
    if (published > 0) options.log?.(`roster: ${published} people of this till sent to shop ${shopId}`);
    const from = await roster.revision(shopId);
    const page = await read(shopId, from);
    if (stopped) return;
    // A page always moves forward (a revision of the head office never comes twice, nor goes back).
    if (page.people.length > 0 || page.revision > from) {
      await roster.apply(shopId, page.people, Math.max(from, Number(page.revision)));
    }
  }
  const pull = (): Promise<void> => {
    running = running.then(once, once);
    return running;
  };
  const tick = (): void => {
    timer = null;
    void pull()
      .then(
        () => {
          if (failing) options.log?.('roster: reading the shop roster again');
          failing = false;
        },
        (error: unknown) => {
          // Said once per outage: the till goes on with its last copy.
          if (!failing)
            options.log?.(`roster: the shop roster could not be read (${String(error)}); using this till's copy`);
          failing = true;
        },
      )
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, everyMs);
        timer?.unref?.();
      });
  };
  tick();

  return {
    pullNow: pull,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      roster.sendChangesTo(null);
      await running.catch(() => {});
    },
  };
}
