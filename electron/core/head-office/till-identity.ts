import { createHash, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { TillIdentity } from '../../../shared/head-office.ts';
import { setFileAside, writePrivateFile } from '../files/private-file.ts';

// This till as the head office knows it: a tillId (UUID) made once, at the first start, kept in the data folder
// (`head-office-till.json`, not settings.json, which a shop copies to set up another till), with the marks of the
// computer it was made on (machine-marks.ts), hashed under the tillId. A data folder that finds none of its marks
// on the computer it runs on was copied from another till: it must not pose as that till (its seqs would be
// dropped as resends, its day would overwrite the other's), so it sends nothing (`not-enrolled`) until an admin
// enrols it, which makes it a new till with a new tillId. The changes it made since the copy was found are its
// own and are sent under the new id; what it carried over from the other till is not sent again.

export const TILL_IDENTITY_FILE = 'head-office-till.json';

const fileSchema = z
  .object({
    tillId: z.uuid(),
    marks: z.array(z.string()),
    madeAt: z.string(),
    /** When this folder was first found on a computer that is not its own (epoch ms); null: never. */
    copySeenAt: z.number().int().nullable(),
  })
  .strict();
type IdentityFile = z.infer<typeof fileSchema>;

export interface TillIdentityStore {
  current(): TillIdentity;
  /** A new tillId bound to this computer; `copySeenAt`: since when the changes are this till's own (null: all). */
  enrol(): { identity: TillIdentity; copySeenAt: number | null };
}

export interface TillIdentityOptions {
  readonly dataDir: string;
  /** This computer's marks (default machine-marks.ts); a test passes another computer's. */
  readonly marks: () => readonly string[];
  readonly now?: () => number;
}

export function openTillIdentity(options: TillIdentityOptions): TillIdentityStore {
  const path = join(options.dataDir, TILL_IDENTITY_FILE);
  const now = options.now ?? Date.now;
  const here = options.marks();
  const save = (file: IdentityFile): IdentityFile => {
    writePrivateFile(path, `${JSON.stringify(file, null, 2)}\n`);
    return file;
  };
  const made = (): IdentityFile => {
    const tillId = randomUUID();
    return save({ tillId, marks: hashed(tillId, here), madeAt: new Date(now()).toISOString(), copySeenAt: null });
  };
  const found = read(path, now);
  let file = found === 'damaged' ? { ...made(), marks: [] } : (found ?? made());
  // Any one mark still here is enough: an adapter added or replaced does not make a till a stranger.
  const ours = hashed(file.tillId, here).some((mark) => file.marks.includes(mark));
  if (!ours && file.copySeenAt === null) file = save({ ...file, copySeenAt: now() });
  let cloneSuspected = !ours;
  return {
    current: () => ({ tillId: file.tillId, cloneSuspected }),
    enrol: () => {
      const copySeenAt = file.copySeenAt;
      file = made();
      cloneSuspected = false;
      return { identity: { tillId: file.tillId, cloneSuspected: false }, copySeenAt };
    },
  };
}

function hashed(tillId: string, marks: readonly string[]): string[] {
  return marks.map((mark) => createHash('sha256').update(`${tillId}\n${mark}`).digest('hex'));
}

/**
 * The file, null when there is none yet, or `damaged` (set aside, never deleted): which till this was is then not
 * known, so it is treated as a copy, and an admin enrols it rather than the till quietly splitting in two.
 */
function read(path: string, now: () => number): IdentityFile | null | 'damaged' {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  try {
    return fileSchema.parse(JSON.parse(text));
  } catch {
    setFileAside(path, new Date(now()));
    return 'damaged';
  }
}
