import { useState, type KeyboardEvent } from 'react';
import { formatDay } from '../../shared/receipt.ts';
import { useToday } from '../hooks/use-today.ts';
import { useLocale, useT } from '../i18n/i18n.tsx';
import { addDays, parseTypedDay, weekday, type TypedDay } from './day.ts';
import { FieldProblem } from './LabelledInput.tsx';

// The day the Day summary and Payments screens show, picked the way the till writes dates: day first, in the
// till's language, whatever the browser's own locale. (<input type="date"> is drawn by the browser in *its*
// locale: 11/25/2026 in an en-US Chromium, next to 25/11/2026 everywhere else on the screen.)
// The value stays the contract's ISO day; a day after today cannot be picked, nothing was taken on it yet.

export interface DayFieldProps {
  /** The text field's id; the label points at it, and the other parts' ids start with it. */
  readonly id: string;
  readonly label: string;
  /** YYYY-MM-DD, the till's local day. */
  readonly value: string;
  readonly onChange: (day: string) => void;
  /** The text field's test id; the buttons, weekday and problem line add -previous, -next, -today… to it. */
  readonly testId: string;
}

export function DayField({ id, label, value, onChange, testId }: DayFieldProps) {
  const t = useT();
  const locale = useLocale();
  const today = useToday();
  const { draft, problem, go, take, onKeyDown, typeDraft } = useDayDraft(value, onChange);

  const dayName = weekday(value, locale);
  const problemId = `${id}-problem`;
  return (
    <>
      <div
        className={['field', 'day-field', problem ? 'field-invalid' : undefined].filter(Boolean).join(' ')}
        role="group"
        aria-labelledby={`${id}-label`}
      >
        <span className="day-field-head">
          <label className="field-label" id={`${id}-label`} htmlFor={id}>
            {label}
          </label>
          <span className="hint" id={`${id}-weekday`} data-testid={`${testId}-weekday`}>
            {value === today ? t('dayField.weekdayToday', { weekday: dayName }) : dayName}
          </span>
        </span>
        <span className="day-field-row">
          <button
            type="button"
            className="button button-small day-field-step"
            aria-label={t('dayField.previous')}
            title={t('dayField.previous')}
            onClick={() => go(addDays(value, -1))}
            data-testid={`${testId}-previous`}
          >
            <span aria-hidden="true">‹</span>
          </button>
          <input
            id={id}
            type="text"
            value={draft ?? formatDay(value, locale)}
            placeholder={t('dayField.placeholder')}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={Boolean(problem) || undefined}
            aria-describedby={[`${id}-weekday`, `${id}-how`, problem ? problemId : undefined].filter(Boolean).join(' ')}
            onChange={(event) => typeDraft(event.target.value)}
            onKeyDown={onKeyDown}
            onBlur={take}
            data-testid={testId}
          />
          <button
            type="button"
            className="button button-small day-field-step"
            aria-label={t('dayField.next')}
            title={t('dayField.next')}
            disabled={value >= today}
            onClick={() => go(addDays(value, 1))}
            data-testid={`${testId}-next`}
          >
            <span aria-hidden="true">›</span>
          </button>
          <button
            type="button"
            className="button button-small"
            disabled={value === today}
            onClick={() => go(today)}
            data-testid={`${testId}-today`}
          >
            {t('dayField.today')}
          </button>
        </span>
        <span className="visually-hidden" id={`${id}-how`}>
          {t('dayField.how')}
        </span>
      </div>
      <FieldProblem id={problemId} text={problem} testId={`${testId}-problem`} />
    </>
  );
}

/** What the cashier is typing, until it is taken (Enter, leaving the field) or dropped (Esc), and why it is refused. */
function useDayDraft(value: string, onChange: (day: string) => void) {
  const t = useT();
  const locale = useLocale();
  const today = useToday();
  // null = the day itself, not a typed text.
  const [draft, setDraft] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | undefined>(undefined);

  const go = (day: string): void => {
    setDraft(null);
    setProblem(undefined);
    if (day !== value) onChange(day);
  };

  const take = (): void => {
    if (draft === null) return;
    const typed = parseTypedDay(draft, today);
    if (typed.ok) go(typed.day);
    else setProblem(problemText(typed));
  };

  const problemText = (typed: Exclude<TypedDay, { ok: true }>): string => {
    switch (typed.problem) {
      case 'unreadable':
        return t('dayField.unreadable', { example: formatDay(today, locale) });
      case 'no-such-day':
        return t('dayField.noSuchDay', { typed: typed.typed });
      case 'future':
        return t('dayField.future', { day: formatDay(typed.day, locale), today: formatDay(today, locale) });
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>): void => {
    if (event.key === 'Enter') {
      // Inside the Payments filters form Enter would submit it; here it means "this day".
      event.preventDefault();
      take();
    } else if (event.key === 'Escape' && draft !== null) {
      event.stopPropagation();
      go(value);
    }
  };

  const typeDraft = (text: string): void => {
    setDraft(text);
    setProblem(undefined);
  };

  return { draft, problem, go, take, onKeyDown, typeDraft };
}
