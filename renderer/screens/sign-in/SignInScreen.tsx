import { useEffect, useRef, useState, type Dispatch, type FormEvent, type RefObject, type SetStateAction } from 'react';
import type { AppError } from '../../../shared/result.ts';
import { useBridge } from '../../api/bridge.tsx';
import { ErrorText } from '../../components/ErrorText.tsx';
import { useScanHandler } from '../../hooks/use-scan-handler.ts';
import { staffNameOf } from '../../components/attribution.ts';
import { useT } from '../../i18n/i18n.tsx';
import { useSessionStore } from '../../stores/session-store.ts';
import { PinPad } from '../../components/PinPad.tsx';

// "Who is at the till?": a PIN typed on the keyboard or the pad, or a badge read by the USB scanner. The core
// checks it (session.signIn) with the same lockout as the till's PINs; its answer signs the person in and
// session.changed tells every window. A Switch leaves the person before signed in until the next one is.

export function SignInScreen() {
  const t = useT();
  const bridge = useBridge();
  const [pin, setPin] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AppError | null>(null);
  const [missing, setMissing] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  const before = useSessionStore((state) => (state.switching ? (state.session?.staff ?? null) : null));
  const { endSwitch, setSession, offerShift } = useSessionStore.getState();

  const signIn = async (request: { pin: string } | { badgeCode: string }): Promise<void> => {
    setBusy(true);
    setError(null);
    setMissing(false);
    const result = await bridge['session.signIn'](request);
    // A PIN is typed for one attempt only.
    setPin('');
    setBusy(false);
    if (!result.ok) {
      setError(result.error);
      field.current?.focus();
      return;
    }
    endSwitch();
    const session = await bridge['session.current']({});
    if (session.ok) {
      setSession(session.value);
      offerShift(session.value.shift === null);
    }
  };

  // A badge: the scanner typed its code into the PIN field too (it is a keyboard); the scan replaces it.
  useScanHandler((scan) => {
    if (busy) return;
    void signIn({ badgeCode: scan.code });
  });

  usePinFromAnyKey(field, setPin);

  const submit = (event: FormEvent): void => {
    event.preventDefault();
    if (busy) return;
    if (pin === '') {
      setMissing(true);
      field.current?.focus();
      return;
    }
    void signIn({ pin });
  };

  return (
    <section className="screen sign-in-screen" aria-labelledby="sign-in-title" data-testid="sign-in-screen">
      <form className="sign-in-form" onSubmit={submit} noValidate data-testid="sign-in-form">
        <h1 id="sign-in-title" tabIndex={-1} className="screen-title">
          {t('signIn.title')}
        </h1>
        <p className="hint">{t('signIn.hint')}</p>
        <label className="field" htmlFor="sign-in-pin">
          <span className="field-label">{t('signIn.pin')}</span>
          <input
            id="sign-in-pin"
            ref={field}
            type="password"
            inputMode="numeric"
            autoComplete="off"
            maxLength={64}
            value={pin}
            onChange={(event) => setPin(event.target.value)}
            aria-invalid={missing || undefined}
            aria-describedby={missing ? 'sign-in-pin-problem' : undefined}
            className="sign-in-pin"
            data-testid="sign-in-pin"
          />
        </label>
        {missing && (
          <p id="sign-in-pin-problem" className="error-text" role="alert">
            {t('signIn.pinMissing')}
          </p>
        )}
        <ErrorText error={error} testId="sign-in-error" />
        <button
          type="submit"
          className="button button-primary button-large"
          disabled={busy}
          data-testid="sign-in-submit"
        >
          {busy ? t('signIn.signingIn') : t('signIn.submit')}
        </button>
        {before && (
          <button type="button" className="button button-secondary" onClick={endSwitch} data-testid="sign-in-back">
            {t('signIn.back', { name: staffNameOf(before, t) })}
          </button>
        )}
      </form>
      <PinPad
        disabled={busy}
        onDigit={(digit) => setPin((typed) => (typed + digit).slice(0, 8))}
        onBackspace={() => setPin((typed) => typed.slice(0, -1))}
        onClear={() => setPin('')}
      />
    </section>
  );
}

/**
 * The keyboard's digits, Backspace and Enter reach the PIN wherever the focus is (after a tap on the pad it is on a
 * pad key); in the field itself the field takes them. A scanner's Enter arrives already taken.
 */
function usePinFromAnyKey(field: RefObject<HTMLInputElement | null>, setPin: Dispatch<SetStateAction<string>>): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent): void => {
      if (event.defaultPrevented || event.target === field.current || event.ctrlKey || event.altKey || event.metaKey)
        return;
      if (/^\d$/.test(event.key)) setPin((typed) => (typed + event.key).slice(0, 8));
      else if (event.key === 'Backspace') setPin((typed) => typed.slice(0, -1));
      else if (event.key === 'Enter') field.current?.form?.requestSubmit();
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [field, setPin]);
}
