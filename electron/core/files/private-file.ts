import { chmodSync, closeSync, fsyncSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';

// The till's small private files (PIN lockouts, the development vault, register keys, journal marks and records):
// readable by the till's user only, and replaced so that a crash or a power cut leaves the old content or the new
// one, never a torn or empty file.

/** Writes `text` to `path`, 0600 in a 0700 folder: temp file, fsync, rename, fsync of the folder. */
export function writePrivateFile(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const temp = `${path}.${process.pid}.tmp`;
  try {
    const fd = openSync(temp, 'w', 0o600);
    try {
      writeSync(fd, text);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    // The mode given to open is filtered by umask and ignored for an existing file; set it explicitly.
    chmodSync(temp, 0o600);
    renameSync(temp, path);
  } catch (error) {
    // A full or read-only disk: the old file stands; leave no half-written temp file beside it.
    rmSync(temp, { force: true });
    throw error;
  }
  syncFolder(dirname(path));
}

/** Makes a rename or a new file in `folder` durable. */
export function syncFolder(folder: string): void {
  let fd: number | null = null;
  try {
    fd = openSync(folder, 'r');
    fsyncSync(fd);
  } catch {
    // Not every platform can fsync a folder (Windows); the rename is still atomic.
  } finally {
    if (fd !== null) closeSync(fd);
  }
}

/**
 * Keeps an unreadable file as `<path>.unreadable-<time>` (0600): nothing is deleted, so whoever restores what it
 * needs can still read it. The name it was kept as, or null when there was no file.
 */
export function setFileAside(path: string, now: Date): string | null {
  const keptAs = `${path}.unreadable-${now.toISOString().replace(/[:.]/g, '-')}`;
  try {
    renameSync(path, keptAs);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  chmodSync(keptAs, 0o600);
  syncFolder(dirname(path));
  return keptAs;
}
