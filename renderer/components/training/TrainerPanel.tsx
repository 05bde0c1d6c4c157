import { useState } from 'react';
import { TRAINING_SIMULATIONS, type TrainingSimulation } from '../../../shared/training.ts';
import type { AppError } from '../../../shared/result.ts';
import { useBridge } from '../../api/bridge.tsx';
import { ErrorText } from '../ErrorText.tsx';
import { useT } from '../../i18n/i18n.tsx';

// The trainer's fault simulator, folded into the TRAINING banner: the customer pays or declines the training sale
// at the counter, the provider goes down, a payment's answer is lost, the next sale expires, back to normal. It acts
// on the training sandbox alone (the core's training.simulate), never on the provider.

export function TrainerPanel() {
  const t = useT();
  const bridge = useBridge();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AppError | null>(null);
  const act = async (action: TrainingSimulation): Promise<void> => {
    setBusy(true);
    setError(null);
    const result = await bridge['training.simulate']({ action });
    setBusy(false);
    if (!result.ok) setError(result.error);
  };
  return (
    <details className="trainer-panel" data-testid="trainer-panel">
      <summary>{t('training.trainer')}</summary>
      <div className="filters">
        {TRAINING_SIMULATIONS.map((action) => (
          <button
            key={action}
            type="button"
            className="button button-secondary"
            disabled={busy}
            onClick={() => void act(action)}
            data-testid={`trainer-${action}`}
          >
            {t(`training.simulate.${action}`)}
          </button>
        ))}
      </div>
      <ErrorText error={error} testId="trainer-error" />
    </details>
  );
}
