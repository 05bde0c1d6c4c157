import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

// `npm run bench`: runs every e2e/bench/*.bench.ts in turn, each in its own Node process (so one bench's
// heap and caches do not colour the next one's figures), and prints their tables as they come.

const here = import.meta.dirname;
// `npm run bench -- journal --payments 1000000`: names choose the benches, options from the first `--` go to each.
const firstOption = process.argv.slice(2).findIndex((arg) => arg.startsWith('--'));
const only = firstOption === -1 ? process.argv.slice(2) : process.argv.slice(2, firstOption + 2);
const options = firstOption === -1 ? [] : process.argv.slice(firstOption + 2);
const benches = readdirSync(here)
  .filter((name) => name.endsWith('.bench.ts'))
  .filter((name) => only.length === 0 || only.some((wanted) => name.includes(wanted)))
  .sort();

let failed = 0;
for (const name of benches) {
  console.log(`\n=== ${name}`);
  const result = spawnSync(
    process.execPath,
    ['--experimental-strip-types', '--no-warnings=ExperimentalWarning', join(here, name), ...options],
    { stdio: 'inherit' },
  );
  if (result.status !== 0) {
    failed += 1;
    console.error(`${name} exited with ${result.status ?? result.signal}`);
  }
}
process.exit(failed === 0 ? 0 : 1);
