import { useT } from '../i18n/i18n.tsx';

const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;

/**
 * Digits to tap on a touch screen (each key at least 48 px: a thumb, not a mouse), laid out as a phone's
 * (1-2-3 on top, no "00": a PIN is not an amount). The one pad for every PIN (sign-in, the admin unlock, an
 * approver's), so a touch-only till never needs the system keyboard. The PIN field beside it takes the
 * keyboard's digits and Enter as well; the pad only adds to or takes from what it holds.
 */
export function PinPad({
  onDigit,
  onBackspace,
  onClear,
  disabled,
  label,
}: {
  onDigit: (digit: string) => void;
  onBackspace: () => void;
  onClear: () => void;
  disabled: boolean;
  /** What the pad types into (default: "PIN pad"). */
  label?: string;
}) {
  const t = useT();
  const key = (digit: string) => (
    <button
      key={digit}
      type="button"
      className="pin-key"
      disabled={disabled}
      onClick={() => onDigit(digit)}
      data-testid={`pin-key-${digit}`}
    >
      {digit}
    </button>
  );
  return (
    <div className="pin-pad" role="group" aria-label={label ?? t('signIn.pad')} data-testid="pin-pad">
      {KEYS.map(key)}
      <button type="button" className="pin-key pin-key-small" disabled={disabled} onClick={onClear}>
        {t('signIn.clear')}
      </button>
      {key('0')}
      <button
        type="button"
        className="pin-key pin-key-small"
        disabled={disabled}
        onClick={onBackspace}
        aria-label={t('signIn.backspace')}
        data-testid="pin-key-backspace"
      >
        ⌫
      </button>
    </div>
  );
}
