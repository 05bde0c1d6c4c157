import { useEffect } from 'react';
import { useBridge } from '../../api/bridge.tsx';
import { useBridgeEvent } from '../../hooks/use-bridge-event.ts';
import { useTrainingStore } from '../../stores/training-store.ts';

/** Training as it stands: training.status once, training.changed after (started or ended, here or elsewhere). */
export function TrainingWiring() {
  const bridge = useBridge();
  const setTraining = useTrainingStore((state) => state.setTraining);
  useEffect(() => {
    let current = true;
    void bridge['training.status']({}).then((result) => current && result.ok && setTraining(result.value));
    return () => {
      current = false;
    };
  }, [bridge, setTraining]);
  useBridgeEvent('training.changed', setTraining);
  return null;
}
