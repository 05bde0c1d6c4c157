import { statSync } from 'node:fs';
import { join } from 'node:path';
import { PosError } from '../../../shared/errors.ts';
import type { Notice } from '../../../shared/notices.ts';
import type { HandlerPart } from '../compose-handlers.ts';
import { writePrivateFile } from '../files/private-file.ts';
import { journalFileIn } from '../payments/journal/journal.ts';
import { SUPPORT_FOLDER } from '../support/support-bundle.ts';
import { exportChain } from './chain-export.ts';
import { storedChain, storedHead } from './chain-file.ts';
import type { TillKey } from './till-key.ts';

// auditChain.info and auditChain.export (Settings → About): the till's public key and the chain's last entry,
// and the signed export for an auditor, written beside the support bundles (an admin's, like those: the rights
// table says so). Both read the journal file through a connection of their own; nothing of the journal changes.

export interface AuditChainHandlerDeps {
  readonly dataDir: string;
  readonly tillKey: () => Promise<TillKey>;
  readonly now: () => Date;
  readonly log: (line: string) => void;
  /** What the till's last check of the chain found wrong, in words. */
  readonly broken: () => Notice | null;
  /** Whether the admin's window is open (or no admin PIN is set yet: the till's set-up). */
  readonly adminWindowOpen: () => Promise<boolean>;
}

export function auditChainHandlers(deps: AuditChainHandlerDeps): HandlerPart {
  const journalFile = journalFileIn(deps.dataDir);
  return {
    'auditChain.info': async () => {
      const key = await deps.tillKey();
      return {
        publicKey: key.publicKey,
        fingerprint: key.fingerprint,
        head: storedHead(journalFile),
        broken: deps.broken(),
      };
    },
    'auditChain.export': async () => {
      if (!(await deps.adminWindowOpen())) throw new PosError('admin.pin-required');
      const key = await deps.tillKey();
      const now = deps.now();
      const { entries, head } = storedChain(journalFile);
      const path = join(
        deps.dataDir,
        SUPPORT_FOLDER,
        `wallet-pos-audit-chain-${now.toISOString().replace(/[:.]/g, '-')}.jsonl`,
      );
      try {
        writePrivateFile(path, exportChain(entries, head, key, now));
      } catch (error) {
        throw new PosError('internal', { cause: error });
      }
      deps.log(`audit chain exported: ${head.entries} entries to ${path}`);
      return { path, bytes: statSync(path).size, entries: head.entries };
    },
  };
}
