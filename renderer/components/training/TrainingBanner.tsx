import { useState, type FormEvent } from 'react';
import type { AppError } from '../../../shared/result.ts';
import { useBridge } from '../../api/bridge.tsx';
import { ErrorText } from '../ErrorText.tsx';
import { LabelledInput } from '../LabelledInput.tsx';
import { useT } from '../../i18n/i18n.tsx';
import { useSessionStore } from '../../stores/session-store.ts';
import { useTrainingStore } from '../../stores/training-store.ts';
import { TrainerPanel } from './TrainerPanel.tsx';

// TRAINING on every screen while training is on: for whoever's sales it applies to (the trainee, or anyone when
// the whole till trains), that their sales go to the training sandbox; for anyone else signed in meanwhile, that
// theirs are real. Leaving is here too, with a supervisor's PIN (the core checks it, and counts wrong ones).

export function TrainingBanner() {
  const t = useT();
  const training = useTrainingStore((state) => state.training);
  const signedIn = useSessionStore((state) => state.session?.staff?.id ?? null);
  if (!training.active) return null;
  const applies = training.staff === null || training.staff.id === signedIn;
  return (
    <div className="demo-banner training-banner" role="note" data-testid="training-banner" data-applies={applies}>
      {applies ? t('training.banner') : t('training.bannerFor', { name: training.staff?.name ?? '' })}
      {applies && <TrainerPanel />}
      <LeaveTraining />
    </div>
  );
}

function LeaveTraining() {
  const t = useT();
  const bridge = useBridge();
  const [asking, setAsking] = useState(false);
  const [pin, setPin] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AppError | null>(null);
  const close = (): void => {
    setAsking(false);
    setPin('');
    setError(null);
  };
  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const result = await bridge['training.stop']({ pin });
    setBusy(false);
    setPin('');
    if (!result.ok) return setError(result.error);
    close();
  };
  if (!asking)
    return (
      <button type="button" className="demo-banner-link" onClick={() => setAsking(true)} data-testid="training-leave">
        {t('training.leave')}
      </button>
    );
  return (
    <form className="training-leave" onSubmit={(event) => void submit(event)} data-testid="training-leave-form">
      <LabelledInput
        id="training-leave-pin"
        label={t('training.leavePin')}
        type="password"
        inputMode="numeric"
        autoComplete="off"
        maxLength={32}
        required
        value={pin}
        onChange={(event) => setPin(event.target.value)}
        data-testid="training-leave-pin"
      />
      <ErrorText error={error} testId="training-leave-error" />
      <button
        type="submit"
        className="button button-primary"
        disabled={busy || pin === ''}
        data-testid="training-leave-confirm"
      >
        {t('training.leaveConfirm')}
      </button>
      <button type="button" className="button button-secondary" onClick={close} disabled={busy}>
        {t('drawer.cancel')}
      </button>
    </form>
  );
}
