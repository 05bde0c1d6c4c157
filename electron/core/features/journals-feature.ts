import type { CoreModule } from '../core-module.ts';
import { journalHandlers } from '../journal-handlers.ts';
import type { CustomersGives } from './customers-feature.ts';
import type { SettingsGives } from './settings-feature.ts';
import type { StaffGives } from './staff-feature.ts';
import type { StatusGives } from './status-feature.ts';

// journal.resolve (../journal-handlers.ts): an admin's answer to a journal refused at start.

export const journalsFeature: CoreModule<SettingsGives & StaffGives & CustomersGives & StatusGives> = {
  name: 'journals',
  start({ gates, settings, admin, statusNow }) {
    return { handlers: journalHandlers({ gates, settings, admin, now: Date.now, statusNow }) };
  },
};
