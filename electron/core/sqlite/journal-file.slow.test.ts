import { spawn } from 'node:child_process';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { tempFolder, testClock } from '../payments/journal/journal-fixture.test-helper.ts';
import { JournalLostError } from './journal-file.ts';
import { journalFileIn, openJournal, type Journal } from '../payments/journal/journal.ts';

// The journal-file tests that kill a real writer process (electron/testing/journal-kill-child.ts) with
// SIGKILL: a crash is never taken for a lost journal, and a crash that damages the write-ahead log is caught.
// The rest of the journal-file tests, which need no other process, are in journal-file.test.ts.

const clock = testClock();
const open = (filePath: string): Journal => openJournal({ filePath, timeZone: 'UTC', now: clock.now });

function refusal(openIt: () => unknown): JournalLostError {
  try {
    const opened = openIt() as { close(): void };
    opened.close();
  } catch (error) {
    if (error instanceof JournalLostError) return error;
    throw error;
  }
  throw new Error('the journal was not refused');
}

describe('a lost journal is refused at start, with what was lost', () => {
  it('a lost write-ahead log after a crash (its last frames damaged): refused as behind', async () => {
    const folder = tempFolder();
    const filePath = journalFileIn(folder);
    // A writer that commits 20 payments and is then killed: the commits are in the -wal, not checkpointed.
    await killAfter(filePath, 'write', 20);
    expect(statSync(`${filePath}-wal`).size).toBeGreaterThan(0);
    const wal = readFileSync(`${filePath}-wal`);
    // The last frame's page data: its checksum no longer matches, so SQLite drops the last commit on open.
    wal.writeUInt32BE((wal.readUInt32BE(wal.length - 8) ^ 0xffffffff) >>> 0, wal.length - 8);
    writeFileSync(`${filePath}-wal`, wal);
    const { problem } = refusal(() => open(filePath));
    expect(problem.kind).toBe('behind');
    expect(problem.recordedWrites! - problem.foundWrites!).toBeGreaterThanOrEqual(1);
  });
});

describe('a normal restart and a SIGKILL are never taken for a lost journal', () => {
  it('SIGKILL at random moments while writing: every restart opens, nothing committed is lost', async () => {
    const folder = tempFolder();
    const filePath = journalFileIn(folder);
    let committed = 0;
    for (let kill = 0; kill < 6; kill += 1) {
      const reported = await killAfter(filePath, 'loop', 20 + kill * 7);
      const journal = open(filePath); // throws if a kill were taken for a loss
      const total = journal.history({}).total;
      // Everything the child saw committed is there (it may have committed one more it could not report).
      expect(total).toBeGreaterThanOrEqual(committed + reported);
      committed = total;
      journal.close();
    }
    expect(committed).toBeGreaterThan(0);
  }, 60_000);
});

/**
 * Runs electron/testing/journal-kill-child.ts on `filePath`: `write` commits `count` payments, reports, and
 * waits; `loop` writes without end. Killed with SIGKILL once `count` payments are reported. Returns how many it reported.
 */
async function killAfter(filePath: string, mode: 'write' | 'loop', count: number): Promise<number> {
  const child = spawn(
    process.execPath,
    [
      '--experimental-strip-types',
      '--no-warnings=ExperimentalWarning',
      join(import.meta.dirname, '..', '..', 'testing', 'journal-kill-child.ts'),
      filePath,
      mode,
      String(count),
    ],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let reported = 0;
  await new Promise<void>((resolve, reject) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (line.startsWith('committed ')) reported = Number(line.slice('committed '.length));
      if (reported >= count) resolve();
    });
    void exited.then(() => reject(new Error(`the writer ended by itself: ${stderr}`)));
  });
  child.kill('SIGKILL');
  await exited;
  return reported;
}
