import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { settingsPartFromFiles } from './settings-part.ts';
import { versionsOf, writeSupportBundle } from './support-bundle.ts';

// `npm run support-bundle -- --data-dir D [--out FILE]`: the support bundle of a till that will not start. Plain
// Node, no core: nothing is opened for writing but the .zip, the journals are only read. What it cannot have
// without a running till (the status bar's live state) says so in status.json; the logs and the journals'
// health usually say why the till did not start.

const USAGE = `Usage: npm run support-bundle -- --data-dir DIR [--out FILE.zip]

  --data-dir DIR   the till's data folder (the one holding settings.json, the journals and logs/)
  --out FILE       where to write the .zip (default: DIR/support/wallet-pos-support-<time>.zip)`;

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      'data-dir': { type: 'string' },
      out: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (!values['data-dir']) {
    console.error(`--data-dir is required.\n\n${USAGE}`);
    return 2;
  }
  const dataDir = resolve(values['data-dir']);
  if (!existsSync(dataDir)) {
    console.error(`There is no data folder at ${dataDir}.`);
    return 2;
  }
  const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
  const written = await writeSupportBundle({
    dataDir,
    out: values.out ? resolve(values.out) : undefined,
    settings: settingsPartFromFiles(dataDir),
    status: null,
    versions: versionsOf(version),
  });
  console.log(`Support bundle saved: ${written.path} (${written.bytes} bytes)`);
  return 0;
}

// Runs only as the command (imported, as the bare-Node import test does, it does nothing).
if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    process.exitCode = await main();
  } catch (error) {
    console.error(`The support bundle could not be written: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}
