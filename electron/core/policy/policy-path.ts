import { join } from 'node:path';

// Where a managed till finds its policy: the system-wide place each operating system gives machine policy
// (as Chrome's and VS Code's managed policies do), writable only by an administrator, so the shop's staff
// cannot edit it away. `--policy FILE` (the app, `npm start`, the preview) names another file instead.

export function systemPolicyPath(platform: NodeJS.Platform, env: NodeJS.ProcessEnv): string {
  if (platform === 'win32') return join(env.ProgramData ?? 'C:\\ProgramData', 'Wallet POS', 'policy.json');
  if (platform === 'darwin') return '/Library/Application Support/Wallet POS/policy.json';
  return '/etc/wallet-pos/policy.json';
}

/** The file after `--policy` (or `--policy=FILE`) among the process's arguments, else null. */
export function policyPathFromArgs(argv: readonly string[]): string | null {
  for (const [index, arg] of argv.entries()) {
    if (arg === '--policy') return argv[index + 1] ?? null;
    if (arg.startsWith('--policy=')) return arg.slice('--policy='.length);
  }
  return null;
}
