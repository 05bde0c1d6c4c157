import { useRef, type KeyboardEvent } from 'react';
import { appendKeypadDigit, formatMoney, removeKeypadDigit, type CurrencyCode } from '../../shared/money.ts';
import { useLocale } from '../i18n/i18n.tsx';

// An amount field that takes digits from the right, like the sale keypad: typing 1 2 3 4 gives 12.34.
// The value is always an integer of minor units; the text shown is only its formatting.

export interface MoneyInputProps {
  readonly id: string;
  readonly valueMinor: number;
  readonly currency: CurrencyCode;
  readonly maxMinor: number;
  readonly onChange: (valueMinor: number) => void;
  readonly testId: string;
  readonly describedBy?: string | undefined;
  readonly invalid?: boolean;
  /** Shown but not changeable (a Settings field the fleet's policy locks). */
  readonly disabled?: boolean | undefined;
}

export function MoneyInput({
  id,
  valueMinor,
  currency,
  maxMinor,
  onChange,
  testId,
  describedBy,
  invalid,
  disabled,
}: MoneyInputProps) {
  const locale = useLocale();
  // Entering the field selects the amount in it (a default, like the refundable rest): typing then replaces
  // it, as in any text field, instead of appending digits to it.
  const justFocused = useRef(false);
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>): void => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (/^\d$/.test(event.key)) {
      event.preventDefault();
      const input = event.currentTarget;
      const allSelected =
        input.value.length > 0 && input.selectionStart === 0 && input.selectionEnd === input.value.length;
      onChange(appendKeypadDigit(allSelected ? 0 : valueMinor, Number(event.key), maxMinor));
    } else if (event.key === 'Backspace') {
      event.preventDefault();
      onChange(removeKeypadDigit(valueMinor));
    } else if (event.key === 'Delete') {
      event.preventDefault();
      onChange(0);
    }
  };
  // Paste or a mobile keyboard: keep the digits of whatever arrived and read them from the right.
  const onInput = (text: string): void => {
    const digits = text.replace(/\D/g, '');
    const next = Number(digits || '0');
    onChange(Number.isSafeInteger(next) && next <= maxMinor ? next : valueMinor);
  };
  return (
    <input
      id={id}
      className="money-input"
      type="text"
      inputMode="numeric"
      autoComplete="off"
      disabled={disabled}
      value={formatMoney({ amountMinor: valueMinor, currency }, locale)}
      onKeyDown={onKeyDown}
      onFocus={(event) => {
        justFocused.current = true;
        event.currentTarget.select();
      }}
      onMouseUp={(event) => {
        // The click that focused the field would otherwise drop the selection just made.
        if (justFocused.current) event.preventDefault();
        justFocused.current = false;
      }}
      onChange={(event) => onInput(event.target.value)}
      aria-describedby={describedBy}
      aria-invalid={invalid || undefined}
      data-testid={testId}
      data-amount-minor={valueMinor}
    />
  );
}
