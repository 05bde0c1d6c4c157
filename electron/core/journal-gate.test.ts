import { copyFileSync, existsSync, readdirSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import type { Core, CoreEvent } from './core-api.ts';
import { createCore } from './core.ts';
import { customerJournalFileIn } from './customers/journal.ts';
import { dispatch } from './dispatch.ts';
import { journalFileIn } from './payments/journal/journal.ts';
import { DevelopmentFileVault } from './settings/development-file-vault.ts';
import { removeFolder, tempFolder } from '../testing/helpers.ts';

// The composed core (real embedded sandbox, real files) when a journal is refused at start: every call on
// that side refused with journal.lost, the problem in status.get and app.info, and the admin's way out.

const opened: Array<{ core: Core; dir: string }> = [];

async function openCore(dir: string): Promise<{ core: Core; events: CoreEvent[] }> {
  const core = await createCore({
    dataDir: dir,
    vault: new DevelopmentFileVault(join(dir, 'vault.json')),
    transport: 'web',
    version: '1.2.3',
    statusIntervalMs: 60_000,
  });
  opened.push({ core, dir });
  const events: CoreEvent[] = [];
  core.onEvent((event) => events.push(event));
  return { core, events };
}

afterEach(async () => {
  for (const { core, dir } of opened.splice(0)) {
    await core.close();
    removeFolder(dir);
  }
});

/** A till that has taken a payment (and set its merchant name and an admin PIN), then stopped. */
async function tillThatWrote(): Promise<string> {
  const dir = tempFolder('core-journal-');
  const { core } = await openCore(dir);
  await core.handlers['settings.save']({ settings: { merchantName: 'Kopi Corner' }, secrets: { adminPin: '1357' } });
  await core.handlers['payments.chargeMerchantQr']({ amountMinor: 1250, currency: 'SGD' });
  await core.handlers['customers.list']({});
  await core.close();
  opened.pop();
  return dir;
}

describe('a payment journal deleted while the till was off', () => {
  it('refuses charges, scans and the history with journal.lost, says so in status and app.info, and the admin starts a new journal', async () => {
    const dir = await tillThatWrote();
    rmSync(journalFileIn(dir));
    const { core, events } = await openCore(dir);

    const status = await core.handlers['status.get']({});
    expect(status.journalProblems).toMatchObject([
      { journal: 'payments', kind: 'missing', filePath: journalFileIn(dir), actions: ['recheck', 'start-new'] },
    ]);
    expect((await core.handlers['app.info']({})).journalProblems).toEqual(status.journalProblems);
    for (const [channel, request] of [
      ['payments.chargeMerchantQr', { amountMinor: 500, currency: 'SGD' }],
      ['payments.chargeCustomerQr', { amountMinor: 500, currency: 'SGD', consumerCode: 'SBCQ0000000000000000' }],
      ['payments.history', {}],
      ['payments.summary', { day: '2026-11-25' }],
    ] as const) {
      expect(await dispatch(core.handlers, channel, request as never), channel).toMatchObject({
        ok: false,
        error: { code: 'journal.lost', details: { journal: 'payments', kind: 'missing' } },
      });
    }
    // Nothing was created in the journal's place.
    expect(existsSync(journalFileIn(dir))).toBe(false);
    // The linked-customer side has its own journal, which is sound.
    expect(await dispatch(core.handlers, 'customers.list', {})).toMatchObject({ ok: true });

    // Checking again changes nothing while the file is still gone; starting a new journal needs the admin.
    expect(
      (await core.handlers['journal.resolve']({ journal: 'payments', action: 'recheck' })).journalProblems,
    ).toHaveLength(1);
    expect(
      await dispatch(core.handlers, 'journal.resolve', { journal: 'payments', action: 'start-new' }),
    ).toMatchObject({ ok: false, error: { code: 'admin.pin-required' } });
    expect(await dispatch(core.handlers, 'journal.resolve', { journal: 'payments', action: 'accept' })).toMatchObject({
      ok: false,
    });
    await core.handlers['settings.verifyPin']({ kind: 'admin', pin: '1357' });
    const after = await core.handlers['journal.resolve']({ journal: 'payments', action: 'start-new' });
    expect(after.journalProblems).toEqual([]);
    expect(events.some((e) => e.event === 'status.changed' && e.payload.journalProblems.length === 0)).toBe(true);
    // The old mark was kept aside, and the till takes payments again on the new journal.
    expect(readdirSync(dir).some((name) => /^payments\.sqlite3\.lost-.*\.mark$/.test(name))).toBe(true);
    const view = await core.handlers['payments.chargeMerchantQr']({ amountMinor: 500, currency: 'SGD' });
    expect(view.state).not.toBe('sending');
    expect((await core.handlers['payments.history']({})).total).toBe(1);
  });
});

describe('both journals deleted with their marks (rm *.sqlite3*) while the till was off', () => {
  it("are refused as missing from the till's record file; start-new begins new ones, and the next start accepts them", async () => {
    const dir = await tillThatWrote();
    for (const name of readdirSync(dir).filter((n) => /^(payments|linked-customers)\.sqlite3/.test(n)))
      rmSync(join(dir, name));
    const { core } = await openCore(dir);
    expect((await core.handlers['status.get']({})).journalProblems).toMatchObject([
      { journal: 'payments', kind: 'missing', recordedWrites: expect.any(Number) },
      { journal: 'customers', kind: 'missing' },
    ]);
    expect(
      await dispatch(core.handlers, 'payments.chargeMerchantQr', { amountMinor: 500, currency: 'SGD' }),
    ).toMatchObject({ ok: false, error: { code: 'journal.lost', details: { kind: 'missing' } } });
    expect(existsSync(journalFileIn(dir))).toBe(false);

    await core.handlers['settings.verifyPin']({ kind: 'admin', pin: '1357' });
    await core.handlers['journal.resolve']({ journal: 'payments', action: 'start-new' });
    const after = await core.handlers['journal.resolve']({ journal: 'customers', action: 'start-new' });
    expect(after.journalProblems).toEqual([]);
    await core.handlers['payments.chargeMerchantQr']({ amountMinor: 500, currency: 'SGD' });
    await core.close();
    opened.pop();

    const { core: restarted } = await openCore(dir);
    expect((await restarted.handlers['status.get']({})).journalProblems).toEqual([]);
    expect((await restarted.handlers['payments.history']({})).total).toBe(1);
  });
});

describe('a linked-customer journal emptied while the till was off', () => {
  it('refuses customers.* with journal.lost while in-store payments go on; putting the copy back and checking again clears it', async () => {
    const dir = await tillThatWrote();
    const file = customerJournalFileIn(dir);
    const backup = join(dir, 'customers-backup.sqlite3');
    copyFileSync(file, backup);
    truncateSync(file, 0);
    const { core } = await openCore(dir);

    expect((await core.handlers['status.get']({})).journalProblems).toMatchObject([
      { journal: 'customers', kind: 'empty' },
    ]);
    expect(
      await dispatch(core.handlers, 'customers.charge', {
        merchantUserId: 'someone',
        amountMinor: 500,
        currency: 'SGD',
        useCashback: true,
      }),
    ).toMatchObject({
      ok: false,
      error: { code: 'journal.lost', details: { journal: 'customers', kind: 'empty' } },
    });
    // The day report needs both journals: refused rather than short of the linked-customer takings.
    expect(await dispatch(core.handlers, 'payments.summary', { day: '2026-11-25' })).toMatchObject({
      ok: false,
      error: { code: 'journal.lost' },
    });
    expect(
      await dispatch(core.handlers, 'payments.chargeMerchantQr', { amountMinor: 500, currency: 'SGD' }),
    ).toMatchObject({ ok: true });

    copyFileSync(backup, file);
    const after = await core.handlers['journal.resolve']({ journal: 'customers', action: 'recheck' });
    expect(after.journalProblems).toEqual([]);
    expect(await dispatch(core.handlers, 'customers.list', {})).toMatchObject({ ok: true });
  });
});

describe("the settings file copied to another till or put back from a backup: the journals' records are not in it", () => {
  const settingsFileIn = (dir: string) => join(dir, 'settings.json');

  it("a second till set up with a copy of the first till's settings.json starts on journals of its own and takes payments", async () => {
    const first = await tillThatWrote();
    onTestFinished(() => removeFolder(first));
    const second = tempFolder('core-journal-');
    copyFileSync(settingsFileIn(first), settingsFileIn(second));
    const { core } = await openCore(second);
    expect((await core.handlers['settings.get']({})).settings.merchantName).toBe('Kopi Corner');
    expect((await core.handlers['status.get']({})).journalProblems).toEqual([]);
    await core.handlers['payments.chargeMerchantQr']({ amountMinor: 500, currency: 'SGD' });
    expect(await dispatch(core.handlers, 'customers.list', {})).toMatchObject({ ok: true });
    await core.close();
    opened.pop();

    // Copied again over the second till's own settings once it has run: its journals are still its own.
    copyFileSync(settingsFileIn(first), settingsFileIn(second));
    const { core: restarted } = await openCore(second);
    expect((await restarted.handlers['status.get']({})).journalProblems).toEqual([]);
    expect((await restarted.handlers['payments.history']({})).total).toBe(1);
  });

  it('settings.json put back from a backup taken before a start-new: the new journal opens with its payments', async () => {
    const dir = await tillThatWrote();
    const backup = readFileSync(settingsFileIn(dir));
    for (const name of readdirSync(dir).filter((n) => n.startsWith('payments.sqlite3'))) rmSync(join(dir, name));
    const { core } = await openCore(dir);
    expect((await core.handlers['status.get']({})).journalProblems).toMatchObject([{ kind: 'missing' }]);
    await core.handlers['settings.verifyPin']({ kind: 'admin', pin: '1357' });
    await core.handlers['journal.resolve']({ journal: 'payments', action: 'start-new' });
    await core.handlers['payments.chargeMerchantQr']({ amountMinor: 500, currency: 'SGD' });
    await core.close();
    opened.pop();

    writeFileSync(settingsFileIn(dir), backup);
    const { core: restarted } = await openCore(dir);
    expect((await restarted.handlers['status.get']({})).journalProblems).toEqual([]);
    expect((await restarted.handlers['payments.history']({})).total).toBe(1);
  });
});

describe('a normal restart', () => {
  it('is not refused', async () => {
    const dir = await tillThatWrote();
    const { core } = await openCore(dir);
    expect((await core.handlers['status.get']({})).journalProblems).toEqual([]);
    expect((await core.handlers['payments.history']({})).total).toBe(1);
  });
});
