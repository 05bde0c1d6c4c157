import { closeSync, openSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempFolder } from '../payments/journal/journal-fixture.test-helper.ts';
import { createMark, readMark } from './journal-mark.ts';

// The mark beside a journal: two slots with their own checksum, so a write torn by a power cut costs at most
// the newest count (the mark then lags, which is harmless), never the whole record. Real files.

describe('the journal mark', () => {
  it('keeps the newest count; a torn slot falls back to the other one; both torn is unreadable', () => {
    const path = join(tempFolder(), 'payments.sqlite3.mark');
    expect(readMark(path)).toEqual({ kind: 'none' });
    const writer = createMark(path, { journalId: 'J-1', writes: 0, lastWriteAt: null });
    for (let writes = 1; writes <= 5; writes += 1)
      writer.write({ journalId: 'J-1', writes, lastWriteAt: 1_000 + writes });
    writer.close();
    expect(readMark(path)).toEqual({ kind: 'found', mark: { journalId: 'J-1', writes: 5, lastWriteAt: 1_005 } });
    expect(statSync(path).mode & 0o777).toBe(0o600);

    // writes 5 went to slot 1 (offset 512): spoil a byte of it, as a torn write would.
    const fd = openSync(path, 'r+');
    writeSync(fd, Buffer.from('#'), 0, 1, 512 + 20);
    closeSync(fd);
    expect(readMark(path)).toEqual({ kind: 'found', mark: { journalId: 'J-1', writes: 4, lastWriteAt: 1_004 } });

    writeFileSync(path, Buffer.alloc(1024, 0));
    expect(readMark(path)).toMatchObject({ kind: 'unreadable' });
  });
});
