import type { CoreModule } from '../core-module.ts';
import type { SettingsService } from '../settings/settings-service.ts';
import { createStaffModule, type StaffModule } from '../staff/staff-module.ts';
import type { CoreBase } from './core-base.ts';
import type { SettingsGives } from './settings-feature.ts';

// People at the till. Every service gets the settings through them: "the admin PIN" is any admin's own PIN,
// "the supervisor PIN" anyone's who may approve a refund (staff/staff-pins.ts). Started before the payments,
// which ask them on every sale, so the shift they name comes through a hook the payments answer.

export interface StaffGives {
  readonly staff: StaffModule;
  /** The settings every feature after this one uses: verifyPin answers for the staff's PINs. */
  readonly settings: SettingsService;
}

export const staffFeature: CoreModule<CoreBase & SettingsGives, StaffGives> = {
  name: 'staff',
  async start({ options, settingsAlone, admin, bus, hooks, linesOf }) {
    const staff = await createStaffModule({
      dataDir: options.dataDir,
      settings: settingsAlone,
      vault: options.vault,
      admin,
      emit: bus.emit,
      currentShift: () => hooks.currentShift.ask(),
      paymentOpen: () => hooks.paymentOpen.ask(),
      log: linesOf('staff'),
    });
    return { handlers: staff.handlers, gives: { staff, settings: staff.settings } };
  },
};
