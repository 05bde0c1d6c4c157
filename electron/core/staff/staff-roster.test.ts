import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RosterPerson } from './staff-roster.ts';
import { openStaffBench, openStaffedBench, refusal, removeStaffFolders, type StaffBench } from './staff.test-helper.ts';
import { travellingPinMatches, travellingPinOf } from './travelling-pin.ts';

// The roster's side in the staff, with no head office: what one till sends is handed to the other's `apply`
// as it is (the head office's part, with a real PostgreSQL, is ../head-office/roster/roster.test.ts).

afterEach(removeStaffFolders);

const SHOP = 'shop-1';

/** A till whose staff changes are collected as the outbox would get them. */
async function till(): Promise<StaffBench & { sent: RosterPerson[] }> {
  const bench = await openStaffedBench();
  const sent: RosterPerson[] = [];
  bench.staff.roster.sendChangesTo((person) => sent.push(person) > 0);
  return { ...bench, sent };
}

function vaultEntry(dir: string): { pins: Record<string, string>; travelling: Record<string, unknown> } {
  const vault = JSON.parse(readFileSync(join(dir, 'vault.json'), 'utf8')) as Record<string, string>;
  return JSON.parse(vault.staffCredentials!) as { pins: Record<string, string>; travelling: Record<string, unknown> };
}

describe('a PIN that travels', () => {
  it('is salted per person: the same PIN of two people gives two hashes, each checks only its own PIN', async () => {
    const [ann, bo] = await Promise.all([travellingPinOf('1234'), travellingPinOf('1234')]);
    expect(ann.pinSalt).not.toBe(bo.pinSalt);
    expect(ann.pinHash).not.toBe(bo.pinHash);
    expect(ann.pinHash).toMatch(/^scrypt:\d+:8:1:[A-Za-z0-9+/]+=*$/);
    expect(await travellingPinMatches('1234', ann)).toBe(true);
    expect(await travellingPinMatches('1235', ann)).toBe(false);
    // Another person's salt with this hash, or a hash from elsewhere that is not one: nobody.
    expect(await travellingPinMatches('1234', { pinSalt: bo.pinSalt, pinHash: ann.pinHash })).toBe(false);
    expect(await travellingPinMatches('1234', { pinSalt: ann.pinSalt, pinHash: 'scrypt:16384:8:1' })).toBe(false);
    expect(await travellingPinMatches('1234', { pinSalt: ann.pinSalt, pinHash: 'md5:1:1:1:abc' })).toBe(false);
    const greedy = { pinSalt: ann.pinSalt, pinHash: ann.pinHash.replace(/^scrypt:\d+:/, 'scrypt:1048576:') };
    expect(await travellingPinMatches('1234', greedy)).toBe(false);
  });

  it('goes out with every change made at a till, never in the clear, and never for the built-ins', async () => {
    const a = await till();
    const { id } = await a.staff.handlers['staff.save']({ name: 'Ann', role: 'cashier', pin: '13572468' });
    await a.staff.handlers['staff.save']({ id, name: 'Ann Lee', role: 'cashier' });
    await a.staff.handlers['staff.save']({ id: 'supervisor', name: 'Grace', role: 'supervisor' });
    expect(a.sent.map(({ personId, name, active }) => ({ personId, name, active }))).toEqual([
      { personId: id, name: 'Ann', active: true },
      { personId: id, name: 'Ann Lee', active: true },
    ]);
    // A change without a new PIN carries the hash the person has.
    expect(a.sent[1]!.pinHash).toBe(a.sent[0]!.pinHash);
    expect(await travellingPinMatches('13572468', { pinSalt: a.sent[0]!.pinSalt!, pinHash: a.sent[0]!.pinHash! })).toBe(
      true,
    );
    expect(JSON.stringify(a.sent)).not.toContain('13572468');
    expect(readFileSync(join(a.dir, 'vault.json'), 'utf8')).not.toContain('13572468');
  });
});

describe('the roster at another till', () => {
  it('signs a person added at A in at B with the same PIN, and learns their key on the way', async () => {
    const [a, b] = [await till(), await till()];
    const { id } = await a.staff.handlers['staff.save']({ name: 'Ann', role: 'supervisor', pin: '24681357' });
    await b.staff.roster.apply(SHOP, a.sent, 1);
    expect(await b.staff.roster.revision(SHOP)).toBe(1);
    expect(await b.staff.roster.revision('another-shop')).toBe(0);
    expect((await b.staff.handlers['staff.list']({})).staff.find((member) => member.id === id)).toEqual({
      id,
      name: 'Ann',
      role: 'supervisor',
      active: true,
      hasPin: true,
      hasBadge: false,
    });
    expect(vaultEntry(b.dir).pins[id]).toBeUndefined();
    expect((await b.staff.handlers['session.signIn']({ pin: '24681357' })).staff).toEqual({
      id,
      name: 'Ann',
      role: 'supervisor',
    });
    // Her key is in B's index now: the next sign-in is the fast path.
    expect(vaultEntry(b.dir).pins[id]).toEqual(expect.any(String));
    expect((await b.staff.handlers['session.signIn']({ pin: '24681357' })).staff.id).toBe(id);
    // The rights are her role's, as anyone's: she approves a refund at B, by PIN.
    expect(await b.staff.access.approverByPin('24681357', 'approve-refund')).toEqual({ id, name: 'Ann' });
    // Nothing came back out of B: what the roster brings is never sent again.
    expect(b.sent).toEqual([]);
  });

  it('signs in a person picked first by their own hash alone, on their own lock', async () => {
    const [a, b] = [await till(), await till()];
    const ann = await a.staff.handlers['staff.save']({ name: 'Ann', role: 'cashier', pin: '1111' });
    const bo = await a.staff.handlers['staff.save']({ name: 'Bo', role: 'cashier', pin: '2222' });
    await b.staff.roster.apply(SHOP, a.sent, 2);
    await refusal(b.staff.handlers['session.signIn']({ pin: '1111', staffId: bo.id }), 'auth.wrong-pin');
    expect((await b.staff.handlers['session.signIn']({ pin: '1111', staffId: ann.id })).staff.id).toBe(ann.id);
    expect((await b.staff.handlers['session.signIn']({ pin: '2222', staffId: bo.id })).staff.id).toBe(bo.id);
  });

  it('refuses at B a person deactivated at A, signing them out there', async () => {
    const [a, b] = [await till(), await till()];
    const { id } = await a.staff.handlers['staff.save']({ name: 'Siti', role: 'cashier', pin: '2468' });
    await b.staff.roster.apply(SHOP, a.sent, 1);
    await b.staff.handlers['session.signIn']({ pin: '2468' });
    await a.staff.handlers['staff.save']({ id, name: 'Siti', role: 'cashier', active: false });
    await b.staff.roster.apply(SHOP, a.sent.slice(1), 2);
    expect(b.staff.access.signedIn()).toBeNull();
    expect(b.events.at(-1)).toMatchObject({ event: 'session.changed', payload: { staff: null } });
    await refusal(b.staff.handlers['session.signIn']({ pin: '2468' }), 'auth.wrong-pin');
  });

  it('follows a PIN changed at A: the old one no longer signs in at B, even once learnt', async () => {
    const [a, b] = [await till(), await till()];
    const { id } = await a.staff.handlers['staff.save']({ name: 'Ravi', role: 'cashier', pin: '5678' });
    await b.staff.roster.apply(SHOP, a.sent, 1);
    await b.staff.handlers['session.signIn']({ pin: '5678' });
    await a.staff.handlers['staff.save']({ id, name: 'Ravi', role: 'cashier', pin: '8765' });
    await b.staff.roster.apply(SHOP, a.sent.slice(1), 2);
    await refusal(b.staff.handlers['session.signIn']({ pin: '5678' }), 'auth.wrong-pin');
    expect((await b.staff.handlers['session.signIn']({ pin: '8765' })).staff.id).toBe(id);
  });

  it("counts a wrong PIN in B's own lockout, the roster's people tried included", async () => {
    const [a, b] = [await till(), await till()];
    await a.staff.handlers['staff.save']({ name: 'Ravi', role: 'cashier', pin: '5678' });
    await b.staff.roster.apply(SHOP, a.sent, 1);
    for (let i = 0; i < 5; i += 1)
      await refusal(b.staff.handlers['session.signIn']({ pin: `000${i}` }), 'auth.wrong-pin');
    await refusal(b.staff.handlers['session.signIn']({ pin: '5678' }), 'auth.locked');
    expect(b.settings.view().pinLockouts).toEqual([
      { pin: 'sign-in', at: '2026-11-27T06:00:00.000Z', until: '2026-11-27T06:00:30.000Z' },
    ]);
    // A's lockout heard nothing of it.
    expect(a.settings.view().pinLockouts).toEqual([]);
    b.advance(30_001);
    expect((await b.staff.handlers['session.signIn']({ pin: '5678' })).staff.name).toBe('Ravi');
  });

  it('keeps the built-ins of each till its own, and a roster page naming them changes nothing', async () => {
    const [a, b] = [await till(), await till()];
    const intruder = { name: 'Mallory', role: 'admin', active: true, pinSalt: null, pinHash: null } as const;
    await b.staff.roster.apply(SHOP, [{ personId: 'admin', ...intruder }], 1);
    expect((await b.staff.handlers['staff.list']({})).staff.map(({ id, name }) => ({ id, name }))).toEqual([
      { id: 'admin', name: 'Admin' },
      { id: 'supervisor', name: 'Supervisor' },
    ]);
    expect(a.sent).toEqual([]);
  });

  it("sends this till's own people once when it joins a shop, and makes an old PIN travel at its sign-in", async () => {
    const before = await openStaffedBench();
    const { id } = await before.staff.handlers['staff.save']({ name: 'Ann', role: 'cashier', pin: '1357' });
    // Her PIN as a till before the roster kept it: a key of the till, no hash of her own.
    const vaultFile = join(before.dir, 'vault.json');
    const vault = JSON.parse(readFileSync(vaultFile, 'utf8')) as Record<string, string>;
    const { travelling: _dropped, ...old } = JSON.parse(vault.staffCredentials!) as Record<string, unknown>;
    writeFileSync(vaultFile, JSON.stringify({ ...vault, staffCredentials: JSON.stringify(old) }));
    const a = await openStaffBench(before.dir);
    const sent: RosterPerson[] = [];
    a.staff.roster.sendChangesTo((person) => sent.push(person) > 0);
    expect(await a.staff.roster.publish(SHOP, (person) => sent.push(person) > 0)).toBe(1);
    expect(await a.staff.roster.publish(SHOP, (person) => sent.push(person) > 0)).toBe(0);
    expect(sent).toEqual([{ personId: id, name: 'Ann', role: 'cashier', active: true, pinSalt: null, pinHash: null }]);
    // Her next sign-in here makes her hash (the PIN is known then) and sends it: now every till can let her in.
    expect((await a.staff.handlers['session.signIn']({ pin: '1357' })).staff.id).toBe(id);
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    const b = await till();
    await b.staff.roster.apply(SHOP, sent, 2);
    expect((await b.staff.handlers['session.signIn']({ pin: '1357' })).staff.id).toBe(id);
  });

  it('sends later a change made while no head office took it (off, or its outbox not open)', async () => {
    const a = await till();
    await a.staff.roster.publish(SHOP, () => true);
    a.staff.roster.sendChangesTo(() => false);
    const { id } = await a.staff.handlers['staff.save']({ name: 'Wei', role: 'cashier', pin: '4455' });
    a.staff.roster.sendChangesTo(null);
    await a.staff.handlers['staff.save']({ id, name: 'Wei Ling', role: 'cashier' });
    // A restart in between forgets nothing: who is unsent is in staff.json.
    const again = await openStaffBench(a.dir);
    const sent: RosterPerson[] = [];
    expect(await again.staff.roster.publish(SHOP, (person) => sent.push(person) > 0)).toBe(1);
    expect(sent).toMatchObject([{ personId: id, name: 'Wei Ling' }]);
    expect(await again.staff.roster.publish(SHOP, (person) => sent.push(person) > 0)).toBe(0);
  });

  it('two tills that changed one person offline both end with the last one the head office got', async () => {
    const [a, b] = [await till(), await till()];
    const { id } = await a.staff.handlers['staff.save']({ name: 'Ann', role: 'cashier', pin: '1357' });
    await b.staff.roster.apply(SHOP, a.sent, 1);
    // Offline, both change her: A renames her, B makes her a supervisor with a new PIN.
    await a.staff.handlers['staff.save']({ id, name: 'Ann at A', role: 'cashier' });
    await b.staff.handlers['staff.save']({ id, name: 'Ann at B', role: 'supervisor', pin: '97531864' });
    // The head office got A's then B's: its row is B's, at revision 3. Both tills read from where they were.
    const headOffice = b.sent.at(-1)!;
    await a.staff.roster.apply(SHOP, [headOffice], 3);
    await b.staff.roster.apply(SHOP, [headOffice], 3);
    for (const side of [a, b]) {
      expect((await side.staff.handlers['staff.list']({})).staff.find((member) => member.id === id)).toMatchObject({
        name: 'Ann at B',
        role: 'supervisor',
      });
      expect((await side.staff.handlers['session.signIn']({ pin: '97531864' })).staff.id).toBe(id);
      await refusal(side.staff.handlers['session.signIn']({ pin: '1357' }), 'auth.wrong-pin');
    }
  });
});
