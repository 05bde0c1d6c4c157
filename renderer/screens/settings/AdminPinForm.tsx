import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { AppError } from '../../../shared/result.ts';
import { useBridge } from '../../api/bridge.tsx';
import { ErrorText } from '../../components/ErrorText.tsx';
import { LabelledInput } from '../../components/LabelledInput.tsx';
import { useT } from '../../i18n/i18n.tsx';
import { PinPad } from '../../components/PinPad.tsx';

/**
 * The admin PIN, checked in main (settings.verifyPin), never in the page; a valid PIN also opens main's
 * admin window for settings.save. With the PIN pad every till has (sign-in's): a touch-only one has no keyboard.
 */
export function AdminPinForm({
  submitLabel,
  onUnlocked,
  children,
}: {
  submitLabel: string;
  onUnlocked: () => void;
  /** Further actions next to the submit button (Back, Cancel). */
  children?: ReactNode;
}) {
  const t = useT();
  const bridge = useBridge();
  const [pin, setPin] = useState('');
  const [busy, setBusy] = useState(false);
  const [wrong, setWrong] = useState(false);
  const [error, setError] = useState<AppError | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    if (busy || pin === '') return;
    setBusy(true);
    setError(null);
    const result = await bridge['settings.verifyPin']({ kind: 'admin', pin });
    setBusy(false);
    // A PIN is typed for one attempt only; it never lingers in the form.
    setPin('');
    if (!result.ok) setError(result.error);
    else if (result.value.valid) onUnlocked();
    else {
      setWrong(true);
      inputRef.current?.focus();
    }
  };
  const change = (next: string): void => {
    setPin(next.slice(0, 32));
    setWrong(false);
  };

  return (
    <form className="admin-pin-form" onSubmit={(event) => void submit(event)}>
      <LabelledInput
        id="admin-pin"
        label={t('settings.adminPin')}
        problem={wrong ? t('settings.pinWrong') : undefined}
        problemId="admin-pin-wrong"
        problemTestId="admin-pin-wrong"
        ref={inputRef}
        type="password"
        inputMode="numeric"
        autoComplete="off"
        maxLength={32}
        value={pin}
        onChange={(event) => change(event.target.value)}
        data-autofocus
        data-testid="admin-pin"
      />
      <ErrorText error={error} testId="admin-pin-error" />
      <PinPad
        label={t('settings.pinKeypad')}
        disabled={busy}
        onDigit={(digit) => change(pin + digit)}
        onBackspace={() => change(pin.slice(0, -1))}
        onClear={() => change('')}
      />
      <div className="actions">
        <button
          type="submit"
          className="button button-primary"
          disabled={busy || pin === ''}
          data-testid="admin-unlock"
        >
          {submitLabel}
        </button>
        {children}
      </div>
    </form>
  );
}
