import { lstatSync, realpathSync, type Stats } from 'node:fs';
import { dirname } from 'node:path';

// A policy is the organisation's only if no one but an administrator could have written it: the file and every
// folder above it owned by root, and writable by no group or other account. Otherwise a cashier's account (or a
// program it runs) could write its own policy and unlock what IT locked, so such a file is never applied.
// The real path is checked, so a link cannot point the till at a file elsewhere. One exception, the kind /tmp
// is: a root-owned folder with the sticky bit lets others add files but not rename or remove root's, so what
// root put inside stays root's (and anything another account adds there is not owned by root).

const GROUP_OR_OTHER_WRITE = 0o022;
const STICKY = 0o1000;

export interface PermissionProblem {
  /** The file or folder that someone other than an administrator could write. */
  readonly path: string;
  readonly reason: 'not-owned-by-root' | 'writable-by-others';
}

/** Why `file` could have been written by a non-administrator, or null when only root could. Missing: throws. */
export function nonAdminWritable(file: string, statOf: (path: string) => Stats = lstatSync): PermissionProblem | null {
  let path = realpathSync(file);
  for (;;) {
    const stats = statOf(path);
    if (stats.uid !== 0) return { path, reason: 'not-owned-by-root' };
    const stickyFolder = stats.isDirectory() && (stats.mode & STICKY) !== 0;
    if ((stats.mode & GROUP_OR_OTHER_WRITE) !== 0 && !stickyFolder) return { path, reason: 'writable-by-others' };
    const parent = dirname(path);
    if (parent === path) return null;
    path = parent;
  }
}
