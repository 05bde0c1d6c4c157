import { readFileSync } from 'node:fs';
import { notice } from '../../../shared/notices.ts';
import { DEFAULT_SETTINGS, SECRET_NAMES, type PolicyProblem } from '../../../shared/settings.ts';
import { settingsProblems } from '../settings/settings-problems.ts';

// A fleet's policy file, read and judged once at start:
//   { "settings": { …the shape settings.save takes… }, "locked": ["merchantName", "ecr.port", …] }
// Judged like a settings save, but never all-or-nothing: an invalid policy must not stop a till that takes
// money (fifty shops closed for one typo in IT's file is worse than one setting left as it was), so each part
// that is valid is used, each part that is not is left out with its reason (Settings → About shows them, the
// log keeps them). Only a file that is not JSON at all, or not an object, is left out whole.
//
// Secrets (the access key secret, the PINs, the linked-customer secret) never come from a policy: the file is
// readable by every account on the computer and travels through the shop IT's tools (Intune, Group Policy,
// Ansible) in plain text, while the till keeps secrets only in the OS key store; and a credential is one
// terminal's own, never a whole fleet's. A policy naming one is told so; the value is not used.
//
// Extension point (issue 22, staff): a "staff" part would be judged here beside "settings" and "locked" (add its
// name to POLICY_PARTS and a judge of its own), and handed to the staff module the way `settings` is handed to
// the settings service. Until then a "staff" part is reported as unknown, not silently taken.

/** The parts a policy file may have. */
const POLICY_PARTS = ['settings', 'locked'] as const;

export interface Policy {
  /** Where it was read from (the organisation, as Settings names it). */
  readonly file: string;
  /** The valid values, in the shape of a settings patch (a group may be partial, like a save's). */
  readonly settings: Readonly<Record<string, unknown>>;
  /** Dotted paths of the settings no one at the till may change: a whole group (`ecr`) or one field (`ecr.port`). */
  readonly locked: readonly string[];
  readonly problems: readonly PolicyProblem[];
}

/** The policy at `file`, or null when there is none (no file: an unmanaged till). */
export function readPolicyFile(file: string): Policy | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    return {
      file,
      settings: {},
      locked: [],
      problems: [{ field: null, notice: notice('policy.unreadable', { file }) }],
    };
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return {
      file,
      settings: {},
      locked: [],
      problems: [{ field: null, notice: notice('policy.unreadable', { file }) }],
    };
  }
  return judgePolicy(file, raw);
}

export function judgePolicy(file: string, raw: unknown): Policy {
  if (!isPlainObject(raw))
    return {
      file,
      settings: {},
      locked: [],
      problems: [{ field: null, notice: notice('policy.not-an-object', { file }) }],
    };
  const problems: PolicyProblem[] = [];
  for (const part of Object.keys(raw)) {
    if (!(POLICY_PARTS as readonly string[]).includes(part))
      problems.push({ field: part, notice: notice('policy.unknown-part', { name: part }) });
  }
  const settings = judgeValues(raw.settings, problems);
  const locked = judgeLocks(raw.locked, problems);
  return { file, settings, locked, problems };
}

function judgeValues(raw: unknown, problems: PolicyProblem[]): Record<string, unknown> {
  if (raw === undefined) return {};
  if (!isPlainObject(raw)) {
    problems.push({
      field: 'settings',
      notice: notice('policy.value-refused', { name: 'settings', problem: notice('settings.value-invalid') }),
    });
    return {};
  }
  const values: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    if ((SECRET_NAMES as readonly string[]).includes(key)) {
      problems.push({ field: key, notice: notice('policy.secret-not-allowed', { name: key }) });
    } else if (!Object.hasOwn(DEFAULT_SETTINGS, key)) {
      problems.push({ field: key, notice: notice('policy.not-a-setting', { name: key }) });
    } else if (isGroup(key) && isPlainObject(value)) {
      const group: Record<string, unknown> = {};
      for (const [inner, innerValue] of Object.entries(value)) {
        if (Object.hasOwn(groupDefaults(key), inner)) group[inner] = innerValue;
        else
          problems.push({
            field: `${key}.${inner}`,
            notice: notice('policy.not-a-setting', { name: `${key}.${inner}` }),
          });
      }
      values[key] = group;
    } else values[key] = value;
  }
  // The same verdict on every till: the values are judged over the defaults, not over this till's own settings.
  for (let round = 0; round < 4; round += 1) {
    const found = settingsProblems(overDefaults(values)).problems;
    const fields = Object.keys(found);
    if (fields.length === 0) return values;
    let dropped = false;
    for (const field of fields) {
      if (dropValue(values, field)) {
        problems.push({ field, notice: notice('policy.value-refused', { name: field, problem: found[field]! }) });
        dropped = true;
      }
    }
    // A rule across fields the policy set only one of (a country without its currency): the one it set goes.
    if (!dropped) {
      for (const field of fields) {
        for (const partner of PARTNERS[field] ?? []) {
          if (dropValue(values, partner)) {
            problems.push({
              field: partner,
              notice: notice('policy.value-refused', { name: partner, problem: found[field]! }),
            });
            dropped = true;
          }
        }
      }
    }
    if (!dropped) break;
  }
  // Nothing left to single out: none of the values is used rather than a till that cannot start.
  for (const key of Object.keys(values)) {
    problems.push({
      field: key,
      notice: notice('policy.value-refused', { name: key, problem: notice('settings.value-invalid') }),
    });
    delete values[key];
  }
  return values;
}

/** The fields a rule across fields names its problem on, and the other fields of the same rule. */
const PARTNERS: Readonly<Record<string, readonly string[]>> = { currency: ['country'], country: ['currency'] };

function judgeLocks(raw: unknown, problems: PolicyProblem[]): string[] {
  if (raw === undefined) return [];
  if (!Array.isArray(raw) || raw.some((entry) => typeof entry !== 'string')) {
    problems.push({ field: 'locked', notice: notice('policy.locked-not-a-list') });
    return [];
  }
  const locked: string[] = [];
  for (const path of raw as string[]) {
    if (isSettingPath(path)) {
      if (!locked.includes(path)) locked.push(path);
    } else problems.push({ field: path, notice: notice('policy.lock-unknown', { name: path }) });
  }
  return locked;
}

/** A top-level setting, or one field of a group; never a secret. */
export function isSettingPath(path: string): boolean {
  const [head, inner, ...rest] = path.split('.');
  if (head === undefined || !Object.hasOwn(DEFAULT_SETTINGS, head) || rest.length > 0) return false;
  if (inner === undefined) return true;
  return isGroup(head) && Object.hasOwn(groupDefaults(head), inner);
}

/** The policy's values over `base` (a group's fields over the base's group, like a save's patch). */
export function overlay(
  base: Readonly<Record<string, unknown>>,
  values: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const merged: Record<string, unknown> = structuredClone(base) as Record<string, unknown>;
  for (const [key, value] of Object.entries(values)) {
    merged[key] =
      isGroup(key) && isPlainObject(value) && isPlainObject(merged[key])
        ? { ...(merged[key] as object), ...structuredClone(value) }
        : structuredClone(value);
  }
  return merged;
}

function overDefaults(values: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return overlay(DEFAULT_SETTINGS as unknown as Record<string, unknown>, values);
}

/** Removes the value the policy set at `field` (or its group's); false when the policy set nothing there. */
function dropValue(values: Record<string, unknown>, field: string): boolean {
  const [head, inner] = field.split('.');
  if (head === undefined || !Object.hasOwn(values, head)) return false;
  const group = values[head];
  if (inner !== undefined && isGroup(head) && isPlainObject(group)) {
    if (!Object.hasOwn(group, inner)) return false;
    delete group[inner];
    if (Object.keys(group).length === 0) delete values[head];
    return true;
  }
  delete values[head];
  return true;
}

function isGroup(key: string): boolean {
  return isPlainObject((DEFAULT_SETTINGS as unknown as Record<string, unknown>)[key]);
}

function groupDefaults(key: string): Record<string, unknown> {
  return (DEFAULT_SETTINGS as unknown as Record<string, Record<string, unknown>>)[key]!;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
