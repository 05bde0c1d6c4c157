import { PosError } from '../../../shared/errors.ts';
import { notice } from '../../../shared/notices.ts';
import type { Settings, SettingsPatch, SettingsView } from '../../../shared/settings.ts';
import type { FieldNotices } from './settings-problems.ts';

// A supervisor PIN, register refunds and register keys protect nothing while no admin PIN is set: Settings are
// then open to anyone at the till, who could switch register refunds on, make a register key and refund, or set a
// supervisor PIN of their own. So each needs an admin PIN first (set in the same save is enough), and the admin
// PIN cannot be removed while a supervisor PIN or register refunds remain. A till that already holds one of them
// without an admin PIN (set before this rule) keeps working; Settings asks for an admin PIN.

/** Field → why it is refused, for a save that would leave one of them without an admin PIN. */
export function adminPinFirstProblems(
  patch: SettingsPatch,
  stored: SettingsView['secrets'],
  now: Settings,
  candidate: Readonly<Record<string, unknown>>,
): FieldNotices {
  const after = (name: 'adminPin' | 'supervisorPin'): boolean => {
    const typed = patch.secrets?.[name];
    return typed === undefined ? stored[name] : typed !== null;
  };
  if (after('adminPin')) return {};
  const refundsAfter = (candidate.ecr as Partial<Settings['ecr']> | undefined)?.refundsAllowed === true;
  const problems: FieldNotices = {};
  if (typeof patch.secrets?.supervisorPin === 'string') problems.supervisorPin = notice('settings.admin-pin-first');
  if (refundsAfter && !now.ecr.refundsAllowed) problems['ecr.refundsAllowed'] = notice('settings.admin-pin-first');
  if (patch.secrets?.adminPin === null && (after('supervisorPin') || refundsAfter))
    problems.adminPin = notice('settings.admin-pin-still-needed');
  return problems;
}

/** Before a register key is made: refused (`admin.pin-not-set`) while no admin PIN is set. */
export function requireAdminPinSet(view: SettingsView): void {
  if (!view.secrets.adminPin) throw new PosError('admin.pin-not-set');
}
