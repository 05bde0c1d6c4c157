import type { CoreModule } from '../core-module.ts';
import { startSandbox } from '../provider/demo.ts';
import { createTrainingSandbox } from '../training/training-sandbox.ts';
import { createTrainingService, type TrainingService } from '../training/training-service.ts';
import { trainingFileIn } from '../training/training-file.ts';
import type { CoreBase } from './core-base.ts';
import type { ProviderGives } from './provider-feature.ts';
import type { StaffGives } from './staff-feature.ts';

// Training mode (../training/): who trains, and the sandbox of its own their sales go to. Started before the
// services, which ask it on every charge; closed after them, so a training sale in flight lands first.

export interface TrainingGives {
  readonly training: TrainingService;
}

export const trainingFeature: CoreModule<CoreBase & StaffGives & ProviderGives, TrainingGives> = {
  name: 'training',
  start({ options, fetch, staff, settings, bus, hooks }) {
    const sandbox = createTrainingSandbox({
      startSandbox: options.startSandbox ?? startSandbox,
      country: () => settings.current().country,
      fetch,
    });
    const training = createTrainingService({
      file: trainingFileIn(options.dataDir),
      sandbox,
      staff: staff.access,
      people: async () => (await staff.handlers['staff.list']({})).staff,
      isKiosk: () => settings.current().mode === 'kiosk',
      emit: bus.emit,
      now: () => new Date(),
    });
    // The status bar counts a training sale only while training applies (payments/queries.ts): who is signed in
    // and training itself decide it, so either changing recounts it.
    const stopRecounting = bus.subscribe(({ event }) => {
      if (event === 'session.changed' || event === 'training.changed') hooks.countsChanged.emit();
    });
    return {
      handlers: training.handlers,
      close: async () => {
        stopRecounting();
        await sandbox.close();
      },
      gives: { training },
    };
  },
};
