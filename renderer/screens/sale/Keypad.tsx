import type { MouseEvent } from 'react';
import { useT } from '../../i18n/i18n.tsx';

// The touch keypad. Its buttons do not take focus on a click or tap: focus stays where it was, so the
// next Enter on the keyboard means "Charge", not "press 5 again".

const KEYS = ['7', '8', '9', '4', '5', '6', '1', '2', '3', '00', '0'] as const;

const keepFocus = (event: MouseEvent): void => event.preventDefault();

export function Keypad({
  onDigits,
  onDelete,
  onClear,
  label,
  clearLabel,
}: {
  onDigits: (digits: string) => void;
  onDelete: () => void;
  onClear: () => void;
  /** What the keys type into (default: the sale amount). */
  label?: string;
  clearLabel?: string;
}) {
  const t = useT();
  return (
    <div className="keypad" role="group" aria-label={label ?? t('sale.keypad')} data-testid="keypad">
      {KEYS.map((key) => (
        <button
          key={key}
          type="button"
          className="keypad-key"
          onMouseDown={keepFocus}
          onClick={() => onDigits(key)}
          data-testid={`keypad-${key}`}
        >
          {key}
        </button>
      ))}
      <button
        type="button"
        className="keypad-key"
        onMouseDown={keepFocus}
        onClick={onDelete}
        aria-label={t('sale.delete')}
        data-testid="keypad-delete"
      >
        ⌫
      </button>
      <button
        type="button"
        className="keypad-key keypad-clear"
        onMouseDown={keepFocus}
        onClick={onClear}
        aria-label={clearLabel ?? t('sale.clear')}
        data-testid="keypad-clear"
      >
        C
      </button>
    </div>
  );
}
