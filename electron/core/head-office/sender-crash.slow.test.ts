import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { tempFolder } from '../../testing/helpers.ts';
import { usePostgres } from '../../testing/postgres.ts';
import { journalFileIn } from '../payments/journal/journal.ts';

// A till SIGKILLed while it sends (issue 34): killed in the middle of its batches, again and again, each time
// with a batch maybe stored by the head office and not yet acknowledged in the outbox, or acknowledged and not
// yet marked. After the last restart every event the journal numbered is at the head office exactly once.

const postgres = usePostgres();
const CHILD = join(import.meta.dirname, 'sender-crash-child.test-helper.ts');

function run(env: Record<string, string>, killAfterSent: number | null): Promise<{ lines: string[]; killed: boolean }> {
  const child = spawn(process.execPath, ['--experimental-strip-types', '--no-warnings=ExperimentalWarning', CHILD], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines: string[] = [];
  let sent = 0;
  let buffered = '';
  child.stdout.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    const parts = buffered.split('\n');
    buffered = parts.pop() ?? '';
    for (const line of parts) {
      lines.push(line);
      if (line.startsWith('sent ')) sent += 1;
      if (killAfterSent !== null && sent === killAfterSent) child.kill('SIGKILL');
    }
  });
  return new Promise((resolve) =>
    child.on('exit', (_code, signal) => resolve({ lines, killed: signal === 'SIGKILL' })),
  );
}

describe('the sender SIGKILLed while sending', () => {
  it('every event arrives exactly once after the restarts', async () => {
    const dir = tempFolder('sender-crash-');
    const tillId = randomUUID();
    const env = { CRASH_DIR: dir, CRASH_URL: postgres.url, CRASH_TILL: tillId };
    for (const killAfter of [3, 5, 2, 7]) {
      const { killed } = await run({ ...env, CRASH_MODE: 'sell' }, killAfter);
      expect(killed).toBe(true);
    }
    const drained = await run({ ...env, CRASH_MODE: 'drain' }, null);
    expect(drained.lines.at(-1)).toBe('drained 0 0');

    const journal = new DatabaseSync(journalFileIn(dir), { readOnly: true });
    const local = journal
      .prepare('SELECT seq FROM head_office_outbox ORDER BY seq')
      .all()
      .map((row) => Number(row['seq']));
    const payments = Number(journal.prepare('SELECT count(*) AS n FROM payment_attempts').get()?.['n']);
    journal.close();
    const database = new URL(postgres.url).pathname.slice(1);
    const remote = (
      await postgres.server.query(
        `select seq from wallet_pos.events where till_id = '${tillId}' order by seq`,
        database,
      )
    ).map((row) => Number(row['seq']));
    expect(local.length).toBeGreaterThan(10);
    expect(remote).toEqual(local);
    expect(remote).toEqual(remote.map((_, index) => index + 1));
    const stored = await postgres.server.query(
      `select count(*)::int as n from wallet_pos.payments where till_id = '${tillId}'`,
      database,
    );
    expect(stored[0]?.['n']).toBe(payments);
  }, 180_000);
});
