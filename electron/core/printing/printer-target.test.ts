import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PosError } from '../../../shared/errors.ts';
import type { PrinterSettings } from '../../../shared/printer.ts';
import { DEFAULT_SETTINGS } from '../../../shared/settings.ts';
import type { Core } from '../core-api.ts';
import { createCore } from '../core.ts';
import { JOURNAL_FILE_NAME } from '../payments/journal/index.ts';
import { FAST } from '../payments/payment-service.test-helper.ts';
import { createPaymentModule } from '../payments/payment-service.ts';
import { DevelopmentFileVault } from '../settings/development-file-vault.ts';

// Issue 35.3: a printer is a printer. Through the whole core, on real files: a device printer must be a character
// device outside the data folder (a symlink is judged by what it names), and a network printer never one of the
// till's own listening ports on this computer. Refused on settings.save and on printer.testPage's draft alike,
// next to the field, nothing saved.

const TRANSPORT_PORT = 47_123;
let dir: string;
let outside: string;
let core: Core;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'printer-target-'));
  outside = mkdtempSync(join(tmpdir(), 'printer-target-outside-'));
  core = await createCore({
    dataDir: dir,
    vault: new DevelopmentFileVault(join(dir, 'vault.json')),
    transport: 'web',
    transportPort: () => TRANSPORT_PORT,
    version: '1.2.3',
    statusIntervalMs: 60_000,
    payments: createPaymentModule(FAST),
  });
});
afterEach(async () => {
  await core.close();
  rmSync(dir, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

const device = (path: string): Partial<PrinterSettings> => ({ kind: 'device', path });
const network = (host: string, port: number): Partial<PrinterSettings> => ({ kind: 'network', host, port });

/** The save's field problems (key of each field's notice), or 'saved'. */
async function save(printer: Partial<PrinterSettings>, more: Record<string, unknown> = {}) {
  try {
    await core.handlers['settings.save']({ settings: { printer, ...more } });
    return 'saved';
  } catch (error) {
    if (!(error instanceof PosError) || !error.fieldNotices) throw error;
    return Object.fromEntries(Object.entries(error.fieldNotices).map(([field, why]) => [field, why.key]));
  }
}

describe('a device printer', () => {
  it('is refused when it is the journal in the data folder; nothing is saved', async () => {
    expect(await save(device(join(dir, JOURNAL_FILE_NAME)))).toEqual({
      'printer.path': 'settings.printer-path-in-data-folder',
    });
    expect((await core.handlers['settings.get']({})).settings.printer).toEqual(DEFAULT_SETTINGS.printer);
  });

  it('is refused when it is a regular file, even outside the data folder', async () => {
    const file = join(outside, 'lp0');
    writeFileSync(file, '');
    expect(await save(device(file))).toEqual({ 'printer.path': 'settings.printer-path-not-device' });
    expect(await save(device(join(outside, 'missing')))).toEqual({
      'printer.path': 'settings.printer-path-not-device',
    });
  });

  it('is refused when a symlink outside the data folder names a file in it', async () => {
    const link = join(outside, 'lp0');
    symlinkSync(join(dir, JOURNAL_FILE_NAME), link);
    expect(await save(device(link))).toEqual({ 'printer.path': 'settings.printer-path-in-data-folder' });
  });

  it('is saved when it is a character device (/dev/null), also through a symlink', async () => {
    expect(await save(device('/dev/null'))).toBe('saved');
    const link = join(outside, 'lp1');
    symlinkSync('/dev/null', link);
    expect(await save(device(link))).toBe('saved');
    expect((await core.handlers['settings.get']({})).settings.printer).toMatchObject({ kind: 'device', path: link });
  });

  it('is refused in printer.testPage’s draft too, before anything is written', async () => {
    const journal = join(dir, JOURNAL_FILE_NAME);
    const draft = { ...DEFAULT_SETTINGS.printer, ...device(journal) };
    const error = await core.handlers['printer.testPage']({ printer: draft }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PosError);
    expect((error as PosError).code).toBe('settings.invalid');
    expect((error as PosError).fieldNotices?.['printer.path']?.key).toBe('settings.printer-path-in-data-folder');
  });
});

describe('a network printer', () => {
  it('is refused on the till’s own ports on this computer: the web host’s, the register connection’s', async () => {
    expect(await save(network('127.0.0.1', TRANSPORT_PORT))).toEqual({ 'printer.port': 'settings.port-of-till' });
    expect(await save(network('localhost', TRANSPORT_PORT))).toEqual({ 'printer.port': 'settings.port-of-till' });
    const ecr = { enabled: true, port: 47_124, network: 'this-computer', refundsAllowed: false };
    expect(await save(network('127.0.0.2', 47_124), { ecr })).toEqual({ 'printer.port': 'settings.port-of-till' });
    const draft = { ...DEFAULT_SETTINGS.printer, ...network('[::1]', TRANSPORT_PORT) };
    const error = await core.handlers['printer.testPage']({ printer: draft }).catch((e: unknown) => e);
    expect((error as PosError).fieldNotices?.['printer.port']?.key).toBe('settings.port-of-till');
  });

  it('is saved on another port of this computer, or the till’s port on another machine', async () => {
    expect(await save(network('127.0.0.1', 9100))).toBe('saved');
    expect(await save(network('192.0.2.40', TRANSPORT_PORT))).toBe('saved');
  });
});
