import { join } from 'node:path';
import { noticeInEnglish } from '../../../shared/notices.ts';
import type { CoreModule } from '../core-module.ts';
import type { Policy } from '../policy/policy-document.ts';
import { readPolicy } from '../policy/policy-read.ts';
import { createAdminSession, type AdminSession } from '../settings/admin-session.ts';
import { openConfSettingsFile } from '../settings/settings-file.ts';
import { openSettingsService, PIN_LOCKOUT_FILE, type SettingsService } from '../settings/settings-service.ts';
import type { CoreBase } from './core-base.ts';

// The saved settings under the fleet's policy, and the admin lock. An invalid policy never stops the till:
// what of it is valid applies, the rest is logged and shown in Settings.

export interface SettingsGives {
  /** The settings before the staff answer verifyPin: the staff feature's only (it gives the `settings` of all). */
  readonly settingsAlone: SettingsService;
  readonly admin: AdminSession;
  /** The policy's log lines, and each problem of a policy read (at start and at every change the watch sees). */
  readonly policyLog: (line: string) => void;
  readonly logPolicy: (read: Policy | null) => void;
}

export const settingsFeature: CoreModule<CoreBase, SettingsGives> = {
  name: 'settings',
  async start({ options, linesOf }) {
    const policyLog = linesOf('policy');
    const logPolicy = (read: Policy | null): void => {
      for (const problem of read?.problems ?? []) policyLog(`policy ${read!.file}: ${noticeInEnglish(problem.notice)}`);
    };
    const policy = await readPolicy(options);
    logPolicy(policy);
    const settingsAlone = await openSettingsService({
      file: options.settingsFile ?? openConfSettingsFile(options.dataDir),
      vault: options.vault,
      lockoutFile: join(options.dataDir, PIN_LOCKOUT_FILE),
      policy,
    });
    return { gives: { settingsAlone, admin: createAdminSession(), policyLog, logPolicy } };
  },
};
