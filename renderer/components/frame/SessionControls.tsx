import { useState } from 'react';
import type { AppError } from '../../../shared/result.ts';
import { useBridge } from '../../api/bridge.tsx';
import { useT } from '../../i18n/i18n.tsx';
import { useAppStore } from '../../stores/app-store.ts';
import { useSessionStore } from '../../stores/session-store.ts';
import { ErrorText } from '../ErrorText.tsx';
import { staffNameOf } from '../attribution.ts';

/**
 * In the header: who is signed in, Switch (the next person signs in over them) and Sign out; and the way to the
 * Shift screen. Never on a screen a customer faces (the frame leaves it out there).
 */
export function SessionControls() {
  const t = useT();
  const bridge = useBridge();
  const staff = useSessionStore((state) => state.session?.staff ?? null);
  const known = useSessionStore((state) => state.session !== null);
  const switching = useSessionStore((state) => state.switching);
  const { startSwitch, setSession } = useSessionStore.getState();
  const navigate = useAppStore((state) => state.navigate);
  const [error, setError] = useState<AppError | null>(null);
  // A core that does not keep staff yet: the till is as it was.
  if (!known) return null;

  const signOut = async (): Promise<void> => {
    setError(null);
    const result = await bridge['session.signOut']({});
    if (result.ok) setSession(result.value);
    else setError(result.error);
  };

  return (
    <div className="session-controls" data-testid="session-controls">
      {staff && (
        <span
          className="signed-in-as"
          title={t('session.signedInAs', { name: staffNameOf(staff, t), role: t(`staff.role.${staff.role}`) })}
          data-testid="signed-in-as"
          data-staff-id={staff.id}
        >
          <span className="signed-in-name">{staffNameOf(staff, t)}</span>
          <span className="signed-in-role">{t('session.signedInRole', { role: t(`staff.role.${staff.role}`) })}</span>
        </span>
      )}
      {staff && !switching && (
        <button type="button" className="button button-small" onClick={startSwitch} data-testid="session-switch">
          {t('session.switch')}
        </button>
      )}
      {staff && (
        <button
          type="button"
          className="button button-small"
          onClick={() => void signOut()}
          data-testid="session-sign-out"
        >
          {t('session.signOut')}
        </button>
      )}
      <button
        type="button"
        className="button button-small"
        onClick={() => navigate({ name: 'shift' })}
        data-testid="nav-shift"
      >
        {t('session.shift')}
      </button>
      <ErrorText error={error} testId="session-error" />
    </div>
  );
}
