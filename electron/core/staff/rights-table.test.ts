import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { withRightsTables } from './rights-table.ts';

// The README's tables of rights are the code's: a right or a channel changed without `npm run rights-table --
// --write` fails here, so what the owner reads cannot drift from what the till does.

describe('README → Staff and shifts: the rights tables', () => {
  it('are the ones made from shared/staff.ts and shared/channel-rights.ts', () => {
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    expect(readme).toBe(withRightsTables(readme));
  });
});
