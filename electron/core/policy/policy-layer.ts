import { DEFAULT_SETTINGS, type Settings } from '../../../shared/settings.ts';
import { settingsProblems } from '../settings/settings-problems.ts';
import { overlay, type Policy } from './policy-document.ts';

// The policy's values over the till's own settings, and which fields of a save the policy locks.

/**
 * The saved settings with the policy's values over them. The values were judged over the defaults
 * (policy-document.ts); should they clash with one of this till's own (a rule across fields), the till's own
 * value gives way to its default, and failing that the policy's values go over the defaults: the policy wins.
 */
export function applyPolicy(saved: Settings, policy: Policy): Settings {
  const candidate = overlay(saved as unknown as Record<string, unknown>, policy.settings);
  const first = settingsProblems(candidate);
  if (first.settings) return first.settings;
  for (const field of Object.keys(first.problems)) {
    const head = field.split('.')[0]!;
    if (!Object.hasOwn(policy.settings, head) && Object.hasOwn(DEFAULT_SETTINGS, head))
      candidate[head] = structuredClone((DEFAULT_SETTINGS as unknown as Record<string, unknown>)[head]);
  }
  const second = settingsProblems(candidate).settings;
  if (second) return second;
  return (
    settingsProblems(overlay(DEFAULT_SETTINGS as unknown as Record<string, unknown>, policy.settings)).settings ?? saved
  );
}

/**
 * The locked fields a save would change (a value that differs from the one in force; a group sent whole with a
 * locked field unchanged inside it is not a change of that field). Empty: the save may go on.
 */
export function lockedChanges(
  patch: Readonly<Record<string, unknown>> | undefined,
  current: Settings,
  locked: readonly string[],
): string[] {
  if (!patch || locked.length === 0) return [];
  const after = overlay(current as unknown as Record<string, unknown>, patch);
  const before = current as unknown as Record<string, unknown>;
  return locked.filter((path) => {
    const [head, inner] = path.split('.') as [string, string | undefined];
    if (!Object.hasOwn(patch, head)) return false;
    const was = inner === undefined ? before[head] : (before[head] as Record<string, unknown>)[inner];
    const group = after[head];
    const will = inner === undefined ? group : isRecord(group) ? group[inner] : group;
    return JSON.stringify(was) !== JSON.stringify(will);
  });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
