// Where a managed till finds its policy: the place each operating system keeps machine policy that only an
// administrator can write, as Chrome and VS Code are managed, so the shop's staff cannot edit it away:
//   Windows  the registry key HKLM\Software\Policies\WalletPOS (Group Policy, Intune), read with `reg query`
//   macOS    the managed preferences of the app's bundle id (a configuration profile from the MDM)
//   Linux    /etc/wallet-pos/policy.json (Ansible, Puppet, a package)
// `--policy FILE` names a JSON file for the preview and development only: a packaged app ignores it (it would
// let anyone who can start the app unlock what IT locked), and where a system policy exists that one wins.

/** The app's bundle id (.config/electron-builder.json appId): the name of its macOS managed preferences. */
export const BUNDLE_ID = 'app.wallet-pos.till';

export const WINDOWS_POLICY_KEY = 'HKLM\\Software\\Policies\\WalletPOS';

export type PolicySource =
  | { readonly kind: 'json'; readonly file: string }
  | { readonly kind: 'plist'; readonly file: string }
  | { readonly kind: 'registry'; readonly key: string };

export function systemPolicySource(platform: NodeJS.Platform): PolicySource {
  if (platform === 'win32') return { kind: 'registry', key: WINDOWS_POLICY_KEY };
  if (platform === 'darwin') return { kind: 'plist', file: `/Library/Managed Preferences/${BUNDLE_ID}.plist` };
  return { kind: 'json', file: '/etc/wallet-pos/policy.json' };
}

/** Where a source is, in words for Settings → About and the log. */
export const sourceName = (source: PolicySource): string => (source.kind === 'registry' ? source.key : source.file);

/** The file after `--policy` (or `--policy=FILE`) among the process's arguments, else null. */
export function policyPathFromArgs(argv: readonly string[]): string | null {
  for (const [index, arg] of argv.entries()) {
    if (arg === '--policy') return argv[index + 1] ?? null;
    if (arg.startsWith('--policy=')) return arg.slice('--policy='.length);
  }
  return null;
}

export interface PolicyPlaces {
  /** The administrators' place: read first, and refused when someone else could have written it. */
  readonly systemPolicy: PolicySource;
  /** `--policy FILE` of the preview and development; null in a packaged app, whatever its arguments say. */
  readonly policyFile: string | null;
}

/** The app's policy places (main.ts): the system's, and `--policy` only when the app is not packaged. */
export function policyPlaces(argv: readonly string[], packaged: boolean, platform: NodeJS.Platform): PolicyPlaces {
  return { systemPolicy: systemPolicySource(platform), policyFile: packaged ? null : policyPathFromArgs(argv) };
}
