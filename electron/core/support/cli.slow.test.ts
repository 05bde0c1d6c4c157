import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { strFromU8, unzipSync } from 'fflate';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore } from '../core.ts';
import { journalFileIn } from '../payments/journal/journal.ts';
import { DevelopmentFileVault } from '../settings/development-file-vault.ts';
import { removeFolder, tempFolder } from '../../testing/helpers.ts';

// `npm run support-bundle` on the data folder of a till that will not start: a plain Node process, no core.

const ROOT = resolve(import.meta.dirname, '..', '..', '..');
const run = promisify(execFile);
const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) removeFolder(folder);
});

const ADMIN_PIN = '90571368';
const MERCHANT_SECRET = 'TKsecret-cli-5e0b7a41-stored';

/** A data folder as a till leaves it: settings, the preview's development vault, both journals, logs. */
async function aTillsDataFolder(): Promise<string> {
  const dir = tempFolder('support-cli-');
  folders.push(dir);
  const core = await createCore({
    dataDir: dir,
    vault: new DevelopmentFileVault(join(dir, 'secrets.development.json')),
    transport: 'web',
    version: '1.2.3',
    statusIntervalMs: 60_000,
  });
  await core.handlers['settings.save']({
    settings: { merchantName: 'Kopi Corner' },
    secrets: { adminPin: ADMIN_PIN, tokenizedMerchantSecret: MERCHANT_SECRET },
  });
  await core.close();
  return dir;
}

async function bundleOf(
  dir: string,
  out: string,
): Promise<{ stdout: string; files: Record<string, string>; raw: Buffer }> {
  const { stdout } = await run(
    process.execPath,
    [
      '--experimental-strip-types',
      '--no-warnings=ExperimentalWarning',
      'electron/core/support/cli.ts',
      '--data-dir',
      dir,
      '--out',
      out,
    ],
    { cwd: ROOT },
  );
  const raw = readFileSync(out);
  const files = Object.fromEntries(Object.entries(unzipSync(raw)).map(([name, bytes]) => [name, strFromU8(bytes)]));
  return { stdout, files, raw };
}

describe('npm run support-bundle', () => {
  it('bundles a stopped till’s folder: logs, settings without secrets, the journals’ health, no live status', async () => {
    const dir = await aTillsDataFolder();
    const out = join(dir, 'bundle.zip');
    const { stdout, files, raw } = await bundleOf(dir, out);
    expect(stdout).toContain(`Support bundle saved: ${out}`);

    expect(Object.keys(files)).toEqual(
      expect.arrayContaining(['manifest.json', 'settings.json', 'journals.json', 'status.json', 'versions.json']),
    );
    expect(Object.keys(files).some((name) => /^logs\/core\.\d+\.log$/.test(name))).toBe(true);
    expect(JSON.parse(files['settings.json']!)).toMatchObject({
      source: 'settings-file',
      settings: { merchantName: 'Kopi Corner' },
      secretsStored: { adminPin: true, tokenizedMerchantSecret: true, supervisorPin: false, accessKeySecret: false },
    });
    const journals = JSON.parse(files['journals.json']!) as Array<Record<string, unknown>>;
    expect(journals).toMatchObject([
      { journal: 'payments', exists: true, integrity: ['ok'], mark: { kind: 'found' } },
      { journal: 'customers', exists: true, integrity: ['ok'], mark: { kind: 'found' } },
    ]);
    expect(JSON.parse(files['status.json']!)).toEqual({ running: false, snapshot: null, problems: null });
    const everything = `${raw.toString('latin1')}\n${Object.values(files).join('\n')}`;
    for (const secret of [MERCHANT_SECRET, ADMIN_PIN]) expect(everything).not.toContain(secret);
  });

  it('still bundles when a journal is damaged, and says what SQLite found', async () => {
    const dir = await aTillsDataFolder();
    const journal = journalFileIn(dir);
    const bytes = readFileSync(journal);
    // The pages after the header overwritten: still a SQLite file, no longer a sound one.
    bytes.fill(0x5a, 4096, Math.min(bytes.length, 4096 * 3));
    writeFileSync(journal, bytes);
    const { files } = await bundleOf(dir, join(dir, 'damaged.zip'));
    const [payments] = JSON.parse(files['journals.json']!) as Array<Record<string, unknown>>;
    expect(payments!['exists']).toBe(true);
    // Either SQLite's own findings or why it could not read the file at all: never "ok".
    expect(payments!['integrity'] === null ? payments!['error'] : payments!['integrity']).not.toEqual(['ok']);
    expect(payments!['integrity'] ?? payments!['error']).toBeTruthy();
  });

  it('refuses without a data folder, saying how to call it', async () => {
    const failed = await run(process.execPath, ['--experimental-strip-types', 'electron/core/support/cli.ts'], {
      cwd: ROOT,
    }).catch((error: { code: number; stderr: string }) => error);
    expect(failed).toMatchObject({ code: 2 });
    expect((failed as { stderr: string }).stderr).toContain('--data-dir is required');
  });
});
