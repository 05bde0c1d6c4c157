import { auditChainHandlers } from '../audit-chain/audit-chain-handlers.ts';
import { tillKeyFrom } from '../audit-chain/till-key.ts';
import type { CoreModule } from '../core-module.ts';
import type { CoreBase } from './core-base.ts';

// The audit chain's channels (Settings → About): the till's key, made at its first start and kept in the vault,
// and the signed export. The chain itself is the payment journal's (payments/journal/journal.ts); its check is
// Check this till's `chain` line (health/).

export const auditChainFeature: CoreModule<CoreBase> = {
  name: 'audit chain',
  start({ options, linesOf }) {
    const tillKey = tillKeyFrom(options.vault);
    const log = linesOf('audit-chain');
    // Made now, on the first start, rather than when an auditor first asks; a vault that cannot be read now is
    // asked again then (Settings says why the vault is unreadable).
    tillKey().catch((error: unknown) => log(`the till key could not be read or made now: ${String(error)}`));
    return {
      handlers: auditChainHandlers({ dataDir: options.dataDir, tillKey, now: () => new Date(), log }),
    };
  },
};
