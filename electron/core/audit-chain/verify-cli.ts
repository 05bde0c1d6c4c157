import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { journalFileIn } from '../payments/journal/journal.ts';
import { shortHash } from './chain-entry.ts';
import { verifyExport } from './chain-export.ts';
import { storedChain } from './chain-file.ts';
import { headOfficeHeads, headsNotInChain, tillIdOfFolder } from './head-office-heads.ts';
import { verifyJournalFile } from './journal-verify.ts';

// `npm run verify-journal -- DIR`: walks the audit chain of the till's payment journal and holds every record to
// it; `--export FILE` checks an auditor's signed export instead, without the till. Plain Node, read-only (a
// running till's journal can be checked beside it). `--head-office URL` also holds the chain to the heads the
// head office keeps for this till, which catches a journal rewritten with its chain recomputed (`rewritten`). Exit code 0: nothing found; 1: a finding; 2: not checked.

const USAGE = `Usage: npm run verify-journal -- DIR [--head-office URL]
       npm run verify-journal -- --export FILE [--public-key KEY]

  DIR                the till's data folder (the one holding payments.sqlite3)
  --head-office URL  the head office's PostgreSQL: the chain must still hold every head it kept for this till
  --export FILE      a signed export of the chain (Settings → About); checked without the till
  --public-key KEY   the till's public key as About shows it (base64): the export must be signed with it`;

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    options: {
      export: { type: 'string' },
      'public-key': { type: 'string' },
      'head-office': { type: 'string' },
      help: { type: 'boolean', default: false },
    },
    allowPositionals: true,
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (values.export !== undefined) return checkExport(resolve(values.export), values['public-key']);
  const [dataDir] = positionals;
  if (dataDir === undefined || positionals.length > 1) {
    console.error(USAGE);
    return 2;
  }
  const file = journalFileIn(resolve(dataDir));
  if (!existsSync(file)) {
    console.error(`There is no payment journal at ${file}.`);
    return 2;
  }
  const verdict = verifyJournalFile(file);
  if (verdict === null) {
    console.error(`${file} was written before the audit chain: open it with this version of the till first.`);
    return 2;
  }
  console.log(`Journal: ${file}`);
  console.log(
    `Chain: ${verdict.total} entries; head ${shortHash(verdict.head.hash)} after entry ${verdict.head.entries}`,
  );
  const findings = verdict.findings.map(describe);
  const url = values['head-office'];
  if (url !== undefined) {
    const tillId = tillIdOfFolder(resolve(dataDir));
    if (tillId === null) {
      console.error(`${resolve(dataDir)} has no head office till id: it never joined a head office.`);
      return 2;
    }
    const heads = await headOfficeHeads(url, tillId);
    console.log(`Head office: ${heads.length} chain heads kept for till ${tillId}`);
    findings.push(...headsNotInChain(storedChain(file).entries, heads).map(describe));
  }
  return report(findings);
}

function checkExport(file: string, publicKey: string | undefined): number {
  if (!existsSync(file)) {
    console.error(`There is no file at ${file}.`);
    return 2;
  }
  const verdict = verifyExport(readFileSync(file, 'utf8'), publicKey);
  console.log(`Export: ${file}`);
  if (verdict.fingerprint) console.log(`Signed by the till key ${verdict.fingerprint}`);
  if (verdict.head) console.log(`Chain: ${verdict.head.entries} entries fit; head ${shortHash(verdict.head.hash)}`);
  return report(verdict.problems.map((problem) => `${problem.kind}: ${problem.detail}`));
}

function describe(finding: { readonly kind: string; readonly detail: string }): string {
  return `${finding.kind}: ${finding.detail}`;
}

function report(lines: readonly string[]): number {
  if (lines.length === 0) {
    console.log('Nothing found: every entry fits its place and every record its entry.');
    return 0;
  }
  console.log(`${lines.length === 1 ? 'One finding' : `${lines.length} findings`} (the first is where it starts):`);
  for (const line of lines) console.log(`  ${line}`);
  return 1;
}

// Runs only as the command (imported, as the bare-Node import test does, it does nothing).
if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(`The journal could not be checked: ${error instanceof Error ? error.message : String(error)}`);
      process.exitCode = 2;
    },
  );
}
