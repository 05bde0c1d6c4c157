import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { setFileAside, writePrivateFile } from './private-file.ts';
import { tempFolder } from '../../testing/helpers.ts';

const mode = (path: string): number => statSync(path).mode & 0o777;

describe('private files', () => {
  it('writes 0600 in a 0700 folder it creates, also over a file another program left readable by all', () => {
    const folder = join(tempFolder('private-file-'), 'till');
    const path = join(folder, 'keys.json');
    writePrivateFile(path, 'first\n');
    expect(mode(folder)).toBe(0o700);
    expect(mode(path)).toBe(0o600);

    chmodSync(path, 0o644);
    writePrivateFile(path, 'second\n');
    expect(readFileSync(path, 'utf8')).toBe('second\n');
    expect(mode(path)).toBe(0o600);
  });

  it('a write that fails leaves the old file as it was and no temp file beside it', () => {
    const folder = tempFolder('private-file-');
    const path = join(folder, 'lockouts.json');
    writePrivateFile(path, 'old\n');
    // A folder where the file should be: the rename fails after the temp file was written.
    const blocked = join(folder, 'blocked');
    mkdirSync(join(blocked, 'not-empty'), { recursive: true });
    expect(() => writePrivateFile(blocked, 'new\n')).toThrow();
    expect(readdirSync(folder).sort()).toEqual(['blocked', 'lockouts.json']);
    expect(readFileSync(path, 'utf8')).toBe('old\n');
  });

  it('sets an unreadable file aside under a dated name, 0600, and says so; no file: nothing to keep', () => {
    const folder = tempFolder('private-file-');
    const path = join(folder, 'vault.json');
    const at = new Date('2026-11-25T16:20:00.123Z');
    expect(setFileAside(path, at)).toBeNull();

    writeFileSync(path, '{ damaged', { mode: 0o644 });
    const keptAs = setFileAside(path, at);
    expect(keptAs).toBe(`${path}.unreadable-2026-11-25T16-20-00-123Z`);
    expect(existsSync(path)).toBe(false);
    expect(readFileSync(keptAs!, 'utf8')).toBe('{ damaged');
    expect(mode(keptAs!)).toBe(0o600);
  });
});
