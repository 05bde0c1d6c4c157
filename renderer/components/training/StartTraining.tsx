import { useEffect, useState, type FormEvent } from 'react';
import type { AppError } from '../../../shared/result.ts';
import { roleHas, type StaffMember } from '../../../shared/staff.ts';
import { useBridge } from '../../api/bridge.tsx';
import { ErrorText } from '../ErrorText.tsx';
import { useT } from '../../i18n/i18n.tsx';
import { useSessionStore } from '../../stores/session-store.ts';
import { useTrainingStore } from '../../stores/training-store.ts';
import { useTerminal } from '../../stores/terminal.ts';

// "Start training", for those who hold the training right (nobody signed in: the till as before staff, offered):
// one active person, or the whole till. Never on a kiosk (the core refuses it too), nor while training is on.

const WHOLE_TILL = '';

export function StartTraining() {
  const t = useT();
  const bridge = useBridge();
  const { mode } = useTerminal();
  const role = useSessionStore((state) => state.session?.staff?.role ?? null);
  const active = useTrainingStore((state) => state.training.active);
  const [people, setPeople] = useState<readonly StaffMember[]>([]);
  const [who, setWho] = useState(WHOLE_TILL);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AppError | null>(null);
  const offered = mode !== 'kiosk' && !active && (role === null || roleHas(role, 'training'));

  useEffect(() => {
    if (!offered) return;
    let current = true;
    void bridge['staff.list']({}).then(
      (result) => current && result.ok && setPeople(result.value.staff.filter((person) => person.active)),
    );
    return () => {
      current = false;
    };
  }, [bridge, offered]);

  if (!offered) return null;
  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const result = await bridge['training.start'](who === WHOLE_TILL ? {} : { staffId: who });
    setBusy(false);
    if (!result.ok) setError(result.error);
  };
  return (
    <form className="start-training" onSubmit={(event) => void submit(event)} data-testid="training-start-form">
      <h2>{t('training.title')}</h2>
      <p className="hint">{t('training.hint')}</p>
      <label className="field" htmlFor="training-who">
        {t('training.who')}
        <select
          id="training-who"
          value={who}
          onChange={(event) => setWho(event.target.value)}
          data-testid="training-who"
        >
          <option value={WHOLE_TILL}>{t('training.wholeTill')}</option>
          {people.map((person) => (
            <option key={person.id} value={person.id}>
              {person.name}
            </option>
          ))}
        </select>
      </label>
      <ErrorText error={error} testId="training-start-error" />
      <button type="submit" className="button button-secondary" disabled={busy} data-testid="training-start">
        {t('training.start')}
      </button>
    </form>
  );
}
