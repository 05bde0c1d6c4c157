import type { StatusSnapshot } from '../../../shared/status.ts';
import { PosError } from '../../../shared/errors.ts';
import type { HandlerPart } from '../compose-handlers.ts';
import { logsFolderOf, type TillLog } from '../logging/log-file.ts';
import { rendererErrorHandler } from '../logging/renderer-errors.ts';
import type { AdminSession } from '../settings/admin-session.ts';
import type { SettingsService } from '../settings/settings-service.ts';
import { settingsPartOf } from './settings-part.ts';
import { versionsOf, writeSupportBundle } from './support-bundle.ts';

// support.logs, support.bundle and log.rendererError: what Settings → About offers, and where the screens'
// errors go. The bundle is the admin's (like settings.save): it holds the shop's settings and its logs.

export interface SupportHandlerDeps {
  readonly dataDir: string;
  readonly version: string;
  readonly settings: SettingsService;
  readonly admin: AdminSession;
  /** The status bar's state, counted now. */
  readonly statusNow: () => StatusSnapshot;
  readonly coreLog: TillLog;
  readonly rendererLog: TillLog;
}

export function supportHandlers(deps: SupportHandlerDeps): HandlerPart {
  return {
    'support.logs': async () => ({ folder: logsFolderOf(deps.dataDir) }),
    'support.bundle': async () => {
      await deps.settings.ensureVaultReadable();
      if (deps.settings.view().secrets.adminPin && !deps.admin.active()) throw new PosError('admin.pin-required');
      let written;
      try {
        written = await writeSupportBundle({
          dataDir: deps.dataDir,
          settings: settingsPartOf(deps.settings.view()),
          status: deps.statusNow(),
          versions: versionsOf(deps.version),
        });
      } catch (error) {
        throw new PosError('support.bundle-failed', { cause: error });
      }
      deps.coreLog.info('support', 'support.bundle-saved', { ...written });
      return written;
    },
    'log.rendererError': rendererErrorHandler({ log: deps.rendererLog }),
  };
}
