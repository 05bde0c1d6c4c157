import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { notice } from '../../../shared/notices.ts';
import { judgePolicy, readPolicyFile, type Policy } from './policy-document.ts';
import { sourceName, type PolicySource } from './policy-path.ts';
import { nonAdminWritable } from './policy-permissions.ts';
import { PlistError, policyFromPlist } from './policy-plist.ts';
import { policyFromRegQuery } from './policy-registry.ts';

// The policy in force: the system's (policy-path.ts) when there is one, else the development `--policy FILE`.
// A system policy file someone other than an administrator could have written is refused whole and says so
// (Settings → About, health.check): none of it is applied, and the development file does not stand in for it.

export interface PolicyPlacesRead {
  readonly systemPolicy?: PolicySource | null | undefined;
  readonly policyFile?: string | null | undefined;
}

/** `reg query <key> /s` output, or null when the key does not exist. Tests give the output of a fixture. */
export type RegQuery = (key: string) => Promise<string | null>;

const refused = (file: string, problem: ReturnType<typeof notice>): Policy => ({
  file,
  settings: {},
  locked: [],
  problems: [{ field: null, notice: problem }],
});

async function readSystemPolicy(source: PolicySource, regQuery: RegQuery): Promise<Policy | null> {
  const name = sourceName(source);
  if (source.kind === 'registry') {
    // HKLM\Software\Policies is writable by administrators only: Windows guards it, nothing to check here.
    const output = await regQuery(source.key);
    return output === null ? null : judgePolicy(name, policyFromRegQuery(output, source.key));
  }
  if (!existsSync(source.file)) return null;
  const writable = nonAdminWritable(source.file);
  if (writable) return refused(name, notice('policy.not-admin-only', { file: name, path: writable.path }));
  if (source.kind === 'json') return readPolicyFile(source.file);
  try {
    return judgePolicy(name, policyFromPlist(readFileSync(source.file, 'utf8')));
  } catch (error) {
    if (error instanceof PlistError) return refused(name, notice('policy.unreadable-plist', { file: name }));
    throw error;
  }
}

export async function readPolicy(
  places: PolicyPlacesRead,
  regQuery: RegQuery = windowsRegQuery,
): Promise<Policy | null> {
  const system = places.systemPolicy ? await readSystemPolicy(places.systemPolicy, regQuery) : null;
  if (system) return system;
  return places.policyFile ? readPolicyFile(places.policyFile) : null;
}

/** Windows' own `reg query KEY /s`; a key that is not there (exit code 1) is no policy. */
export const windowsRegQuery: RegQuery = (key) =>
  new Promise((resolve, reject) => {
    execFile('reg', ['query', key, '/s'], { timeout: 10_000, windowsHide: true }, (error, stdout) => {
      if (!error) resolve(stdout);
      else if (error.code === 1) resolve(null);
      else reject(error);
    });
  });
