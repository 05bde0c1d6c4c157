import { DEFAULT_SETTINGS } from '../../../shared/settings.ts';

// The Windows policy as Group Policy or Intune writes it, read from what `reg query <key> /s` prints (the way
// Chrome's and VS Code's policies live in HKLM\Software\Policies): one value per setting on the key itself, a
// group's fields on a subkey of the group's name, and `locked` a REG_MULTI_SZ of setting names:
//
//   HKEY_LOCAL_MACHINE\Software\Policies\WalletPOS
//       merchantName    REG_SZ    Kopi Fleet #12
//       locked    REG_MULTI_SZ    merchantName\0ecr.port
//
//   HKEY_LOCAL_MACHINE\Software\Policies\WalletPOS\ecr
//       enabled    REG_DWORD    0x1
//       port    REG_DWORD    0x2263
//
// The registry has no booleans: a DWORD 0 or 1 where the setting is a yes/no is taken as one; nor decimals: a
// REG_SZ such as 8.25 where the setting is a number is taken as that number. The document this
// gives is judged like a policy file (policy-document.ts), so a wrong value is reported, never guessed at.

const VALUE_LINE = /^ {4}(.+?) {4}(REG_[A-Z_]+)(?: {4}(.*))?$/;

function valueOf(type: string, data: string): unknown {
  if (type === 'REG_DWORD' || type === 'REG_QWORD') return /^0x[0-9a-f]+$/i.test(data) ? Number(data) : data;
  if (type === 'REG_MULTI_SZ') return data === '' ? [] : data.split('\\0');
  return data;
}

/**
 * A yes/no setting given as DWORD 0 or 1 becomes false or true; a number with decimals (business.taxRatePercent,
 * 8.25), which no DWORD holds, may be a REG_SZ of its digits. Anything else is left for the judge.
 */
function asSettingType(defaults: unknown, value: unknown): unknown {
  if (typeof defaults === 'number' && typeof value === 'string' && /^\d+\.\d+$/.test(value)) return Number(value);
  return typeof defaults === 'boolean' && (value === 0 || value === 1) ? value === 1 : value;
}

/** The policy document `reg query <key> /s` describes: `{ settings, locked }`. */
export function policyFromRegQuery(output: string, key: string): Record<string, unknown> {
  const root = key.replace(/^HKLM\\/i, 'HKEY_LOCAL_MACHINE\\').toLowerCase();
  const settings: Record<string, unknown> = {};
  const document: Record<string, unknown> = { settings };
  let target: Record<string, unknown> | null = null;
  let group: string | null = null;
  for (const line of output.split(/\r?\n/)) {
    if (line.trim() === '') continue;
    const value = VALUE_LINE.exec(line);
    if (!value) {
      const path = line.trim();
      if (!path.toLowerCase().startsWith(root)) {
        target = null;
        continue;
      }
      // The key itself, or a subkey: a group of settings (a deeper one is no setting and is reported as such).
      const sub = path.slice(root.length).replace(/^\\/, '');
      group = sub === '' ? null : sub;
      target = group === null ? settings : ((settings[group] ??= {}) as Record<string, unknown>);
      continue;
    }
    if (target === null) continue;
    const [, name, type, data = ''] = value as unknown as [string, string, string, string | undefined];
    const parsed = valueOf(type, data);
    if (group === null && name === 'locked') {
      document.locked = typeof parsed === 'string' ? parsed.split(',').map((entry) => entry.trim()) : parsed;
      continue;
    }
    const defaults = DEFAULT_SETTINGS as unknown as Record<string, Record<string, unknown> | undefined>;
    target[name] = asSettingType(group === null ? defaults[name] : defaults[group]?.[name], parsed);
  }
  return document;
}
