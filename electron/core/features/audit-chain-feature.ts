import type { Notice } from '../../../shared/notices.ts';
import { auditChainHandlers } from '../audit-chain/audit-chain-handlers.ts';
import { tillKeyFrom } from '../audit-chain/till-key.ts';
import type { CoreModule } from '../core-module.ts';
import { chainCheck } from '../health/till-checks.ts';
import type { CoreBase } from './core-base.ts';
import type { SettingsGives } from './settings-feature.ts';
import type { StaffGives } from './staff-feature.ts';

// The audit chain's part of the till: its channels (Settings → About: the till's key, made at its first start and
// kept in the vault, and the signed export), and Check this till's `chain` line. The chain itself is the payment
// journal's (payments/journal/journal.ts). What the last check found wrong is kept for the next admin to sign in
// (auditChain.info's `broken`): checked once the till has started, then at every Check this till.

export const auditChainFeature: CoreModule<CoreBase & SettingsGives & StaffGives> = {
  name: 'audit chain',
  start({ options, linesOf, settings, admin }) {
    const tillKey = tillKeyFrom(options.vault);
    const log = linesOf('audit-chain');
    // Made now, on the first start, rather than when an auditor first asks; a vault that cannot be read now is
    // asked again then (Settings says why the vault is unreadable).
    tillKey().catch((error: unknown) => log(`the till key could not be read or made now: ${String(error)}`));
    let broken: Notice | null = null;
    const check = chainCheck(options.dataDir);
    const checkNow = async (): Promise<Awaited<ReturnType<typeof check>>> => {
      const found = await check();
      broken = found.ok ? null : found.detail;
      if (!found.ok) log(`the audit chain does not fit: ${JSON.stringify(found.detail)}`);
      return found;
    };
    return {
      handlers: auditChainHandlers({
        dataDir: options.dataDir,
        tillKey,
        now: () => new Date(),
        log,
        broken: () => broken,
        // The admin's, like the support bundle: asked with the admin's PIN again once one is set.
        adminWindowOpen: async () => {
          await settings.ensureVaultReadable();
          return !settings.view().secrets.adminPin || admin.active();
        },
      }),
      health: { chain: checkNow },
      run: () => {
        checkNow().catch((error: unknown) => log(`the audit chain could not be checked: ${String(error)}`));
      },
    };
  },
};
