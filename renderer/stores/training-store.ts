import { create } from 'zustand';
import type { TrainingStatus } from '../../shared/training.ts';

// Training as the core last said (training.status at start, then every training.changed). Off until the core has
// answered: a core that does not know training answers nothing, and the till shows no mark.

export interface TrainingState {
  readonly training: TrainingStatus;
  setTraining(training: TrainingStatus): void;
}

export const useTrainingStore = create<TrainingState>()((set) => ({
  training: { active: false },
  setTraining: (training) => set({ training }),
}));
