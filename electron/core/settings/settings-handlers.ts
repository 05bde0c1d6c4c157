import type { Handlers } from '../../../shared/contract.ts';
import { PosError } from '../../../shared/errors.ts';
import type { ProviderAccess } from '../provider/provider-access.ts';
import type { AdminSession } from './admin-session.ts';
import type { SettingsService } from './settings-service.ts';

// settings.*: reading and saving the till's settings behind the admin lock, PIN checks, and the admin's
// "Test connection".

export interface SettingsHandlerDeps {
  readonly settings: SettingsService;
  readonly admin: AdminSession;
  readonly provider: ProviderAccess;
  /** The admin just proved (or disproved) the connection: the status bar should say the same. */
  readonly refreshStatus: () => void;
}

type SettingsChannel = 'settings.get' | 'settings.save' | 'settings.testConnection' | 'settings.verifyPin';

export function settingsHandlers(deps: SettingsHandlerDeps): Pick<Handlers, SettingsChannel> {
  const { settings, admin } = deps;
  return {
    async 'settings.get'() {
      return settings.view();
    },
    async 'settings.save'(patch) {
      // Until an admin PIN exists (first start), set-up is open; after that only a verified admin saves.
      if (settings.view().secrets.adminPin && !admin.active()) throw new PosError('admin.pin-required');
      const saved = await settings.save(patch);
      if (saved.secrets.adminPin) admin.grant();
      return saved;
    },
    async 'settings.testConnection'() {
      const client = await deps.provider.instoreClient();
      const result = await client.testConnection();
      deps.refreshStatus();
      return result;
    },
    async 'settings.verifyPin'({ kind, pin }) {
      const valid = (await settings.verifyPin(kind, pin)) === 'valid';
      if (valid && kind === 'admin') admin.grant();
      return { valid };
    },
  };
}
