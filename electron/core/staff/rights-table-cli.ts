import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rightsTables, withRightsTables } from './rights-table.ts';

// `npm run rights-table`: prints the README's rights tables as the code has them; `-- --write` puts them in
// README.md ("Staff and shifts"). rights-table.test.ts fails while the README says otherwise.

const README = join(resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..'), 'README.md');

// Runs only as the command (imported, as the bare-Node import test does, it does nothing).
if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--write')) {
    writeFileSync(README, withRightsTables(readFileSync(README, 'utf8')));
    console.log(`rights tables written to ${README}`);
  } else {
    console.log(rightsTables());
  }
}
