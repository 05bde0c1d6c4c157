import type { Handlers } from '../../../shared/contract.ts';
import type { SettingsPatch } from '../../../shared/settings.ts';
import { BUILT_IN_STAFF_IDS } from '../../../shared/staff.ts';
import type { ProviderAccess } from '../provider/provider-access.ts';
import { adminPinFirstProblems } from './admin-pin-first.ts';
import type { AdminSession } from './admin-session.ts';
import { displaySettingsOf } from './display-settings.ts';
import type { SettingsService } from './settings-service.ts';
import { liveCredentialProblems, refuseIfAny, type FieldNotices } from './settings-problems.ts';

// settings.*: reading and saving the till's settings behind the admin lock, PIN checks, and the admin's
// "Test connection" (of what is saved, or of what is on the form before it is saved).

export interface SettingsHandlerDeps {
  readonly settings: SettingsService;
  readonly admin: AdminSession;
  readonly provider: ProviderAccess;
  /** The admin just proved (or disproved) the connection: the status bar should say the same. */
  readonly refreshStatus: () => void;
  /**
   * Problems only the running till can see (a listener's port another program or the till itself holds), by
   * field, given the merged settings and the problems found so far.
   */
  /**
   * The admin's or supervisor's PIN typed in this save, when a member of staff already has it (staff/): a PIN
   * must say whose it is.
   */
  readonly pinProblems?: (patch: SettingsPatch) => Promise<FieldNotices>;
  readonly listenerProblems?: (
    candidate: Readonly<Record<string, unknown>>,
    known: FieldNotices,
  ) => Promise<FieldNotices>;
}

type SettingsChannel =
  | 'settings.get'
  | 'settings.display'
  | 'settings.save'
  | 'settings.testConnection'
  | 'settings.verifyPin'
  | 'settings.resetVault';

export function settingsHandlers(deps: SettingsHandlerDeps): Pick<Handlers, SettingsChannel> {
  const { settings, admin } = deps;
  return {
    async 'settings.get'() {
      return settings.view();
    },
    async 'settings.display'() {
      return displaySettingsOf(settings.current());
    },
    async 'settings.save'(patch) {
      // Fail closed: a vault that cannot be read may hold an admin PIN; nobody saves until it is restored or reset.
      await settings.ensureVaultReadable();
      // Until an admin PIN exists (first start), set-up is open; after that only a verified admin saves, who
      // holds the settings right while "Ask who is at the till" is on (admin-session.ts).
      const setUp = !settings.view().secrets.adminPin;
      if (!setUp) admin.require('settings');
      // A field the fleet's policy locks is refused before anything else: no other problem makes it changeable.
      settings.refuseLocked(patch);
      // Every problem at once, a half-done real environment included: the admin fixes them all in one go.
      const inspected = await settings.inspect(patch);
      // The connection is checked whole when the save changes it; a PIN set after a vault reset is not held back.
      const connection = touchesConnection(patch)
        ? liveCredentialProblems(inspected.candidate, inspected.accessKeySecret !== null)
        : {};
      const known = {
        ...inspected.problems,
        ...connection,
        ...adminPinFirstProblems(patch, settings.view().secrets, settings.current(), inspected.candidate),
        ...(await deps.pinProblems?.(patch)),
      };
      refuseIfAny({ ...known, ...(await deps.listenerProblems?.(inspected.candidate, known)) });
      const saved = await settings.save(patch);
      // Whoever chose the first admin PIN is that admin, and keeps working; later saves extend the window.
      if (setUp && saved.secrets.adminPin) admin.grant(BUILT_IN_STAFF_IDS.admin);
      else admin.extend();
      return saved;
    },
    async 'settings.testConnection'(patch) {
      const unsaved = patch.settings !== undefined || patch.secrets !== undefined;
      if (!unsaved) {
        const result = await (await deps.provider.instoreClient()).testConnection();
        deps.refreshStatus();
        return result;
      }
      // What is on the form, before it is saved: the same lock as a save (it signs with the stored secret
      // when none is typed), the same checks, then a one-off client. The status bar keeps describing what
      // is saved.
      if (settings.view().secrets.adminPin) admin.require('settings');
      // Nor may a draft try what the fleet's policy locks (a connection IT set): refused like a save of it.
      settings.refuseLocked(patch);
      const inspected = await settings.inspect(patch);
      refuseIfAny({
        ...inspected.problems,
        ...liveCredentialProblems(inspected.candidate, inspected.accessKeySecret !== null),
      });
      const client = await deps.provider.candidateClient(inspected.settings!, inspected.accessKeySecret);
      return client.testConnection();
    },
    async 'settings.verifyPin'({ kind, pin }) {
      const valid = (await settings.verifyPin(kind, pin)) === 'valid';
      if (valid && kind === 'admin') admin.grant();
      return { valid };
    },
    // No PIN can be checked while the vault is unreadable, so this cannot ask for one. It is guarded instead:
    // refused while the vault can be read (it never wipes a working vault), the request must carry the
    // explicit confirmation (the contract's schema), and nothing is deleted: the old vault is kept beside the
    // new one for a restore. After it, the till is as on its first start: set-up open until an admin PIN is set.
    async 'settings.resetVault'() {
      return settings.resetVault();
    },
  };
}

/** The settings a real environment connects with: a save that changes any of them must leave them complete. */
const CONNECTION_SETTINGS = ['environment', 'customBaseUrl', 'accessKeyId', 'posId'];

function touchesConnection(patch: SettingsPatch): boolean {
  return (
    CONNECTION_SETTINGS.some((key) => patch.settings !== undefined && Object.hasOwn(patch.settings, key)) ||
    patch.secrets?.accessKeySecret !== undefined
  );
}
