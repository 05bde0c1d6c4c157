import type { MouseEvent } from 'react';
import { useT } from '../../i18n/i18n.tsx';

// The touch keypad. Its buttons do not take focus on a click or tap: focus stays where it was, so the
// next Enter on the keyboard means "Charge", not "press 5 again". An amount's pad, not the PIN pad: 7-8-9 on top
// as on a calculator, "00", and "C" beside ⌫ (the cashier's: 00 and a wide 0, then a wide ⌫ and C).

const KEYS = ['7', '8', '9', '4', '5', '6', '1', '2', '3', '00', '0'] as const;
/** A customer keys cents one by one: "00" is a cashier's shortcut they would have to guess. */
const CUSTOMER_KEYS = KEYS.filter((key) => key !== '00');

const keepFocus = (event: MouseEvent): void => event.preventDefault();

export function Keypad({
  onDigits,
  onDelete,
  onClear,
  label,
  clearLabel,
  forCustomer = false,
}: {
  onDigits: (digits: string) => void;
  onDelete: () => void;
  onClear: () => void;
  /** What the keys type into (default: the sale amount). */
  label?: string;
  clearLabel?: string;
  /** A kiosk's customer: no "00", and the clear key says "Clear" in words instead of "C". */
  forCustomer?: boolean;
}) {
  const t = useT();
  return (
    <div
      className={forCustomer ? 'keypad' : 'keypad keypad-cashier'}
      role="group"
      aria-label={label ?? t('sale.keypad')}
      data-testid="keypad"
    >
      {(forCustomer ? CUSTOMER_KEYS : KEYS).map((key) => (
        <button
          key={key}
          type="button"
          className={key === '0' ? 'keypad-key keypad-zero' : 'keypad-key'}
          onMouseDown={keepFocus}
          onClick={() => onDigits(key)}
          data-testid={`keypad-${key}`}
        >
          {key}
        </button>
      ))}
      <button
        type="button"
        className="keypad-key keypad-delete"
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
        aria-label={forCustomer ? undefined : (clearLabel ?? t('sale.clear'))}
        data-testid="keypad-clear"
      >
        {forCustomer ? t('kiosk.clear') : 'C'}
      </button>
    </div>
  );
}
