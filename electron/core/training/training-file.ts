import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { writePrivateFile } from '../files/private-file.ts';

// Training as it stands, kept in `training.json` beside the journals: a till restarted in the middle of a lesson
// is still in training (the trainee's next sale must not reach the provider because the till was switched off and
// on). No file, or one this version cannot read: not in training.

const staffRef = z.object({ id: z.string().min(1).max(40), name: z.string().max(80) }).strict();
const trainingFileSchema = z
  .object({ staff: staffRef.nullable(), startedBy: staffRef.nullable(), startedAt: z.string().min(1).max(40) })
  .strict();

export type TrainingRecord = z.infer<typeof trainingFileSchema>;

export function trainingFileIn(dataDir: string): string {
  return join(dataDir, 'training.json');
}

export function readTrainingFile(path: string): TrainingRecord | null {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return null;
  }
  try {
    const parsed = trainingFileSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** null: training ended (the file says so rather than disappearing, so the folder never has to be synced twice). */
export function writeTrainingFile(path: string, record: TrainingRecord | null): void {
  writePrivateFile(path, record === null ? 'null\n' : `${JSON.stringify(record)}\n`);
}
