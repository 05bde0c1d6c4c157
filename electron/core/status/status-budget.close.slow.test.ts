import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, it } from 'vitest';

// The core closes the terminal's status budget last: every lookup still waiting for a slot is refused, so is
// any later one, and no timer is left behind. Run in a child process, whose only timers are the budget's: its
// active handles are counted after close(), and it must exit by itself (a waiting lookup behind slots whose
// answers never came would otherwise keep it alive until MAX_HOLD_MS, a minute).

const budgetUrl = pathToFileURL(join(import.meta.dirname, 'status-budget.ts')).href;

const SCRIPT = `
const { createStatusBudget, LANES } = await import(${JSON.stringify(budgetUrl)});
const budget = createStatusBudget({ perSecond: 2 });
// Both slots taken by requests that never report their answer.
await budget.acquire('person');
await budget.acquire('person');
const outcome = (granted) => granted.then((release) => { release(); return 'granted'; }, (error) => error.message);
const waiting = LANES.map((lane) => outcome(budget.acquire(lane)));
const timers = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;
const timersBefore = timers();
budget.close();
const refused = await Promise.all(waiting);
const later = await outcome(budget.acquire('person'));
process.stdout.write(JSON.stringify({ timersBefore, timersAfter: timers(), refused, later }));
`;

it('close() refuses every waiting and later lookup and leaves no timer: the process exits by itself', async () => {
  const child = spawn(
    process.execPath,
    ['--experimental-strip-types', '--no-warnings=ExperimentalWarning', '--input-type=module', '-e', SCRIPT],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  // Far below the minute a forgotten timer would keep it alive.
  const killer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  clearTimeout(killer);
  expect(stderr).toBe('');
  const report = JSON.parse(stdout) as { timersBefore: number; timersAfter: number; refused: string[]; later: string };
  // The waiting lookups had a timer (to wake when the held slots are given back anyway); close() cleared it.
  expect(report.timersBefore).toBe(1);
  expect(report.timersAfter).toBe(0);
  expect(report.refused).toEqual(Array(3).fill('The status lookup was not sent: the till is closing.'));
  expect(report.later).toBe('The status lookup was not sent: the till is closing.');
  expect(code).toBe(0);
}, 30_000);
