import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

// `npm run bench`: runs every e2e/bench/*.bench.ts in turn, each in its own Node process (so one bench's
// heap and caches do not colour the next one's figures), and prints their tables as they come.

const here = import.meta.dirname;
// Words name benches; `--flag`, `--flag=value` and `--flag value` go to each bench run (`-- soak --sales 1000`).
const words = process.argv.slice(2);
const flags = words.filter((word, at) => word.startsWith('--') || words[at - 1]?.match(/^--[^=]+$/));
const only = words.filter((word) => !flags.includes(word));
/** Benches that take an hour run only when named: `npm run bench -- soak`. */
const WHEN_NAMED = ['soak.bench.ts'];
const benches = readdirSync(here)
  .filter((name) => name.endsWith('.bench.ts'))
  .filter((name) => (only.length === 0 ? !WHEN_NAMED.includes(name) : only.some((wanted) => name.includes(wanted))))
  .sort();

let failed = 0;
for (const name of benches) {
  console.log(`\n=== ${name}`);
  const result = spawnSync(
    process.execPath,
    ['--experimental-strip-types', '--no-warnings=ExperimentalWarning', join(here, name), ...flags],
    { stdio: 'inherit' },
  );
  if (result.status !== 0) {
    failed += 1;
    console.error(`${name} exited with ${result.status ?? result.signal}`);
  }
}
process.exit(failed === 0 ? 0 : 1);
