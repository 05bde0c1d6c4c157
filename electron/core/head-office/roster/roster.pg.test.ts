import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { usePostgres } from '../../../testing/postgres.ts';
import type { RosterPerson } from '../../staff/staff-roster.ts';
import {
  openStaffBench,
  openStaffedBench,
  refusal,
  removeStaffFolders,
  type StaffBench,
} from '../../staff/staff.test-helper.ts';
import { journalFileIn, openJournal } from '../../payments/journal/journal.ts';
import { createTillOutbox, type TillOutbox } from '../outbox/till-outbox.ts';
import { closeHeadOffice, ingestBatch, migrate, openHeadOffice, type HeadOfficeDb } from '../pg/index.ts';
import { readRosterFrom } from './read-roster.ts';
import { followShopRoster } from './shop-roster.ts';
import { ROSTER_READ_EVERY_MS, sendThrough, startRosterLink, type RosterLink } from './roster-link.ts';

// Two tills of one shop and one real PostgreSQL. Each till's staff changes go into its real outbox (in its
// payment journal); `sync()` hands what waits there to the head office's real ingest, as the sender does. The
// roster comes back through the link, every 100 ms here.

const SHOP = 'shop-1';
const EVERY_MS = 100;

describe('one staff roster for the shop', () => {
  const postgres = usePostgres();
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    removeStaffFolders();
  });

  async function headOffice(url = postgres.url): Promise<HeadOfficeDb> {
    const db = openHeadOffice(url, { connectTimeoutMs: 1_000 });
    cleanups.push(() => closeHeadOffice(db));
    return db;
  }

  interface Till extends StaffBench {
    readonly outbox: TillOutbox;
    /** What the outbox has for the head office, sent with the real ingest as the sender sends it. */
    sync(db: HeadOfficeDb): Promise<void>;
    /** Starts the roster link (its first read at once, then every `everyMs`). */
    connect(db: HeadOfficeDb, everyMs?: number): Promise<RosterLink>;
  }

  async function till(bench?: StaffBench): Promise<Till> {
    const staff = bench ?? (await openStaffedBench());
    const tillId = randomUUID();
    // The till's real outbox, in its payment journal (staff changes are numbered there in commits of their own).
    const outbox = createTillOutbox({ enabled: true, currency: () => 'HKD' });
    const journal = openJournal({ filePath: journalFileIn(staff.dir), timeZone: 'Asia/Hong_Kong', outbox });
    cleanups.push(async () => journal.close());
    const send = sendThrough(outbox);
    staff.staff.roster.sendChangesTo(send);
    return {
      ...staff,
      outbox,
      async sync(db) {
        const events = outbox.waiting(100);
        if (events.length === 0) return;
        const { acknowledgedThroughSeq } = await ingestBatch(db, { tillId, shopId: SHOP }, outbox.journalId()!, events);
        outbox.acknowledge(acknowledgedThroughSeq, Date.now());
      },
      async connect(db, everyMs = EVERY_MS) {
        const link = startRosterLink({
          roster: staff.staff.roster,
          shopId: SHOP,
          read: readRosterFrom(async () => db),
          send,
          everyMs,
        });
        cleanups.push(() => link.stop());
        return link;
      },
    };
  }

  const staffEvents = (side: Till) => side.outbox.waiting(100).filter((event) => event.kind === 'staff');

  const nameAt = async (side: StaffBench, id: string) =>
    (await side.staff.handlers['staff.list']({})).staff.find((member) => member.id === id);

  it('signs a person added at A in at B with the same PIN within seconds, and refuses them once deactivated', async () => {
    const db = await headOffice();
    await migrate(db);
    const [a, b] = [await till(), await till()];
    await a.connect(db);
    // B reads the roster as a till does: every ROSTER_READ_EVERY_MS.
    await b.connect(db, ROSTER_READ_EVERY_MS);
    const { id } = await a.staff.handlers['staff.save']({ name: 'Ann', role: 'supervisor', pin: '24681357' });
    const saved = Date.now();
    await a.sync(db);
    await vi.waitFor(async () => expect(await nameAt(b, id)).toMatchObject({ name: 'Ann', hasPin: true }), {
      timeout: 10_000,
      interval: 20,
    });
    // Save, send and B's next read: within the 10 s the shop is promised (the sender's own delay comes on top).
    expect(Date.now() - saved).toBeLessThan(ROSTER_READ_EVERY_MS + 2_000);
    expect((await b.staff.handlers['session.signIn']({ pin: '24681357' })).staff).toEqual({
      id,
      name: 'Ann',
      role: 'supervisor',
    });
    // What B applied is not sent back out from B.
    expect(staffEvents(b)).toEqual([]);

    a.admin.grant();
    await a.staff.handlers['staff.save']({ id, name: 'Ann', role: 'supervisor', active: false });
    await a.sync(db);
    await vi.waitFor(() => expect(b.staff.access.signedIn()).toBeNull(), { timeout: 10_000, interval: 20 });
    await refusal(b.staff.handlers['session.signIn']({ pin: '24681357' }), 'auth.wrong-pin');
    // Her change came back to A too, and changed nothing there.
    expect(await nameAt(a, id)).toMatchObject({ active: false });
    expect(staffEvents(a)).toEqual([]);
  });

  it("joins this till's own people to the shop once, and counts a wrong PIN in B's own lockout", async () => {
    const db = await headOffice();
    await migrate(db);
    // Ravi was added before A had a head office: joining the shop sends him.
    const alone = await openStaffedBench();
    const { id } = await alone.staff.handlers['staff.save']({ name: 'Ravi', role: 'cashier', pin: '5678' });
    const a = await till(alone);
    expect(staffEvents(a)).toEqual([]);
    const link = await a.connect(db);
    await link.pullNow();
    expect(staffEvents(a).map((event) => (event.body as RosterPerson).personId)).toEqual([id]);
    await a.sync(db);
    const b = await till();
    await (await b.connect(db)).pullNow();
    for (let i = 0; i < 5; i += 1)
      await refusal(b.staff.handlers['session.signIn']({ pin: `000${i}` }), 'auth.wrong-pin');
    await refusal(b.staff.handlers['session.signIn']({ pin: '5678' }), 'auth.locked');
    expect(b.settings.view().pinLockouts).toHaveLength(1);
    expect(a.settings.view().pinLockouts).toEqual([]);
    b.advance(30_001);
    expect((await b.staff.handlers['session.signIn']({ pin: '5678' })).staff.id).toBe(id);
  });

  it("converges on the head office's order when both tills changed one person offline", async () => {
    const db = await headOffice();
    await migrate(db);
    const [a, b] = [await till(), await till()];
    // Read only when the test says (pullNow), besides the first read at start.
    const [linkA, linkB] = [await a.connect(db, 60_000), await b.connect(db, 60_000)];
    const { id } = await a.staff.handlers['staff.save']({ name: 'Mei', role: 'cashier', pin: '1357' });
    await a.sync(db);
    await linkB.pullNow();
    // Offline: A renames her, B makes her a supervisor with a new PIN. Neither outbox reaches the head office.
    a.admin.grant();
    await a.staff.handlers['staff.save']({ id, name: 'Mei at A', role: 'cashier' });
    await b.staff.handlers['staff.save']({ id, name: 'Mei at B', role: 'supervisor', pin: '97531864' });
    // Back online: A's change arrives first. B reads the roster before its own change has gone out.
    await a.sync(db);
    await linkA.pullNow();
    await linkB.pullNow();
    expect(await nameAt(b, id)).toMatchObject({ name: 'Mei at A' });
    // Then B's arrives: the last the head office got, so the one both tills end with.
    await b.sync(db);
    await linkA.pullNow();
    await linkB.pullNow();
    for (const side of [a, b]) {
      expect(await nameAt(side, id)).toMatchObject({ name: 'Mei at B', role: 'supervisor', active: true });
      expect((await side.staff.handlers['session.signIn']({ pin: '97531864' })).staff.id).toBe(id);
      await refusal(side.staff.handlers['session.signIn']({ pin: '1357' }), 'auth.wrong-pin');
    }
  });

  it('follows Settings → Head office: reads the shop while on, keeps changes as unsent while off', async () => {
    const db = await headOffice();
    await migrate(db);
    const [a, b] = [await till(), await till()];
    const shop = followShopRoster({
      settings: b.settings,
      roster: b.staff.roster,
      outbox: b.outbox,
      db: async () => db,
      everyMs: EVERY_MS,
    });
    cleanups.push(() => shop.close());
    const { id } = await a.staff.handlers['staff.save']({ name: 'Lin', role: 'cashier', pin: '3579' });
    await a.sync(db);
    await b.settings.save({ settings: { headOffice: { enabled: true, shopId: SHOP } } });
    await vi.waitFor(async () => expect(await nameAt(b, id)).toMatchObject({ name: 'Lin' }), {
      timeout: 5_000,
      interval: 20,
    });
    await b.settings.save({ settings: { headOffice: { enabled: false, shopId: SHOP } } });
    await vi.waitFor(async () => {
      b.admin.grant();
      await b.staff.handlers['staff.save']({ id, name: 'Lin at B', role: 'cashier' });
      expect(JSON.parse(readFileSync(join(b.dir, 'staff.json'), 'utf8'))).toMatchObject({ unsent: [id] });
    });
    await b.settings.save({ settings: { headOffice: { enabled: true, shopId: SHOP } } });
    await vi.waitFor(() =>
      expect(staffEvents(b).map((event) => (event.body as RosterPerson).name)).toContain('Lin at B'),
    );
  });

  it('keeps signing people in at B from its copy while the head office cannot be reached, restart included', async () => {
    const db = await headOffice();
    await migrate(db);
    const [a, b] = [await till(), await till()];
    const { id } = await a.staff.handlers['staff.save']({ name: 'Siti', role: 'cashier', pin: '2468' });
    await a.sync(db);
    const linkB = await b.connect(db);
    await linkB.pullNow();
    await linkB.stop();
    // B's head office is gone (nothing listens there): reads fail, the copy stays.
    const unreachable = await headOffice('postgres://till:secret@127.0.0.1:9/wallet');
    const offline = await b.connect(unreachable);
    await expect(offline.pullNow()).rejects.toThrow();
    expect((await b.staff.handlers['session.signIn']({ pin: '2468' })).staff.id).toBe(id);
    await offline.stop();
    const restarted = await openStaffBench(b.dir);
    expect((await restarted.staff.handlers['session.signIn']({ pin: '2468' })).staff.id).toBe(id);
  });
});
