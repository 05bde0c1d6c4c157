import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { removeFolder, tempFolder } from '../../testing/helpers.ts';
import { openTillIdentity, TILL_IDENTITY_FILE } from './till-identity.ts';

// A till's id is made once and kept; a copy of its folder on another computer is not that till until enrolled.

const HERE = (): string[] => ['mac:02:00:00:00:00:01', 'mac:02:00:00:00:00:02'];
const ELSEWHERE = (): string[] => ['mac:02:00:00:00:00:99'];

function folder(): string {
  const dir = tempFolder('till-identity-');
  onTestFinished(() => removeFolder(dir));
  return dir;
}

describe('the till identity', () => {
  it('is made once and kept across starts on the same computer, one adapter changed or not', () => {
    const dir = folder();
    const first = openTillIdentity({ dataDir: dir, marks: HERE }).current();
    expect(first.cloneSuspected).toBe(false);
    expect(openTillIdentity({ dataDir: dir, marks: HERE }).current()).toEqual(first);
    const oneReplaced = (): string[] => ['mac:02:00:00:00:00:01', 'mac:02:00:00:00:00:03'];
    expect(openTillIdentity({ dataDir: dir, marks: oneReplaced }).current()).toEqual(first);
  });

  it('a folder copied to another computer is suspected until an admin enrols it as a new till', () => {
    const original = folder();
    const { tillId } = openTillIdentity({ dataDir: original, marks: HERE }).current();
    const copy = folder();
    cpSync(join(original, TILL_IDENTITY_FILE), join(copy, TILL_IDENTITY_FILE));

    const copied = openTillIdentity({ dataDir: copy, marks: ELSEWHERE, now: () => 1_000 });
    expect(copied.current()).toEqual({ tillId, cloneSuspected: true });
    // Still suspected after a restart, since the first time it was seen.
    const again = openTillIdentity({ dataDir: copy, marks: ELSEWHERE, now: () => 5_000 });
    expect(again.current().cloneSuspected).toBe(true);
    const { identity, copySeenAt } = again.enrol();
    expect(copySeenAt).toBe(1_000);
    expect(identity.tillId).not.toBe(tillId);
    expect(openTillIdentity({ dataDir: copy, marks: ELSEWHERE }).current()).toEqual(identity);
    // The original is untouched.
    expect(openTillIdentity({ dataDir: original, marks: HERE }).current()).toEqual({ tillId, cloneSuspected: false });
  });
});
