import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Locale } from '../../shared/settings.ts';
import { LocaleProvider } from '../i18n/i18n.tsx';
import { DayField } from './DayField.tsx';

// The day field of the Day summary and Payments screens: day first in the till's language (never the
// browser's), previous / next / today, a typed day read day first, a bad one refused in plain words.

// Only the clock is fixed (to 25 Nov 2026, midday local time); React's own timers stay real.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 10, 25, 12, 0, 0));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** The field as a screen holds it: its own day state, and every day it was given. */
function renderField(locale: Locale = 'en', start = '2026-11-25') {
  const picked: string[] = [];
  function Screen() {
    const [day, setDay] = useState(start);
    return (
      <LocaleProvider locale={locale}>
        <p data-testid="screen-day">{day}</p>
        <DayField
          id="day"
          label={locale === 'en' ? 'Day' : '日期'}
          value={day}
          onChange={(next) => {
            picked.push(next);
            setDay(next);
          }}
          testId="day"
        />
      </LocaleProvider>
    );
  }
  render(<Screen />);
  return { picked, input: screen.getByTestId('day') as HTMLInputElement, screenDay: screen.getByTestId('screen-day') };
}

function type(input: HTMLInputElement, text: string, key: 'Enter' | 'Escape' = 'Enter'): void {
  fireEvent.change(input, { target: { value: text } });
  fireEvent.keyDown(input, { key });
}

describe('DayField', () => {
  it('shows the day day-first with its weekday, a text field and not the browser’s date picker', () => {
    const { input } = renderField('en');
    expect(input.type).toBe('text');
    expect(input.value).toBe('25/11/2026');
    expect(screen.getByTestId('day-weekday').textContent).toBe('Wednesday, today');
    expect(document.querySelector('input[type="date"]')).toBeNull();
  });

  it('in Traditional Chinese: the same day-first date, the weekday and the buttons in Chinese', () => {
    const { input } = renderField('zh-HK', '2026-11-24');
    expect(input.value).toBe('24/11/2026');
    expect(screen.getByTestId('day-weekday').textContent).toBe('星期二');
    expect(screen.getByRole('button', { name: '前一日' })).toBeDefined();
    expect(screen.getByRole('button', { name: '後一日' })).toBeDefined();
    expect(screen.getByRole('button', { name: '今日' })).toBeDefined();
    expect(input.placeholder).toBe('日/月/年');
  });

  it('every control is named: the field by its label, the arrows by what they do', () => {
    renderField('en', '2026-11-20');
    expect(screen.getByLabelText('Day', { selector: 'input' })).toBe(screen.getByTestId('day'));
    expect(screen.getByRole('group', { name: 'Day' })).toBeDefined();
    expect(screen.getByRole('button', { name: 'Previous day' })).toBe(screen.getByTestId('day-previous'));
    expect(screen.getByRole('button', { name: 'Next day' })).toBe(screen.getByTestId('day-next'));
    expect(screen.getByRole('button', { name: 'Today' })).toBe(screen.getByTestId('day-today'));
    // How to type it, and which weekday it is, are read with the field.
    const describedBy = screen.getByTestId('day').getAttribute('aria-describedby')!.split(' ');
    expect(describedBy.map((id) => document.getElementById(id)?.textContent)).toEqual([
      'Friday',
      'Type the day first, then the month and the year (DD/MM/YYYY), and press Enter.',
    ]);
  });

  it('previous and next step a day, across the month; next stops at today; Today comes back', () => {
    const { picked, input, screenDay } = renderField('en', '2026-11-25');
    const next = screen.getByTestId('day-next') as HTMLButtonElement;
    const today = screen.getByTestId('day-today') as HTMLButtonElement;
    expect(next.disabled).toBe(true);
    expect(today.disabled).toBe(true);

    fireEvent.click(screen.getByTestId('day-previous'));
    expect(screenDay.textContent).toBe('2026-11-24');
    expect(input.value).toBe('24/11/2026');
    expect(screen.getByTestId('day-weekday').textContent).toBe('Tuesday');
    expect(next.disabled).toBe(false);
    expect(today.disabled).toBe(false);

    type(input, '1/11/2026');
    fireEvent.click(screen.getByTestId('day-previous'));
    expect(input.value).toBe('31/10/2026');
    fireEvent.click(next);
    expect(input.value).toBe('01/11/2026');

    fireEvent.click(today);
    expect(input.value).toBe('25/11/2026');
    expect(next.disabled).toBe(true);
    expect(picked).toEqual(['2026-11-24', '2026-11-01', '2026-10-31', '2026-11-01', '2026-11-25']);
  });

  it('a typed day is read day first and taken on Enter or on leaving the field, as the ISO day', () => {
    const { picked, input, screenDay } = renderField('en');
    type(input, '3/11/2026');
    expect(screenDay.textContent).toBe('2026-11-03');
    // Written back the way the till writes it.
    expect(input.value).toBe('03/11/2026');

    fireEvent.change(input, { target: { value: '２０．１１．２０２６' } });
    expect(picked).toEqual(['2026-11-03']);
    fireEvent.blur(input);
    expect(screenDay.textContent).toBe('2026-11-20');
    expect(input.value).toBe('20/11/2026');
  });

  it('Enter is taken by the field: the Payments filters form around it is not submitted', () => {
    const { input } = renderField('en');
    fireEvent.change(input, { target: { value: '24/11/2026' } });
    // dispatchEvent's answer: false when a listener called preventDefault, which stops the implicit submit.
    expect(fireEvent.keyDown(input, { key: 'Enter' })).toBe(false);
    expect(input.value).toBe('24/11/2026');
  });

  it('refuses a bad day in plain words, keeps the day it shows, and Esc puts the field back', () => {
    const { picked, input, screenDay } = renderField('en', '2026-11-24');
    type(input, '31/02/2026');
    const problem = screen.getByTestId('day-problem');
    expect(problem.getAttribute('role')).toBe('alert');
    expect(problem.textContent).toBe('There is no 31/02/2026 in the calendar: check the day and the month.');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toContain('day-problem');
    expect(input.value).toBe('31/02/2026');
    expect(screenDay.textContent).toBe('2026-11-24');

    // Month first is not read the other way round.
    type(input, '11/25/2026');
    expect(screen.getByTestId('day-problem').textContent).toBe(
      'There is no 11/25/2026 in the calendar: check the day and the month.',
    );
    type(input, 'last monday');
    expect(screen.getByTestId('day-problem').textContent).toBe(
      'Type the day first, then the month and the year, like 25/11/2026.',
    );
    type(input, '26/11/2026');
    expect(screen.getByTestId('day-problem').textContent).toBe(
      '26/11/2026 has not come yet: pick today (25/11/2026) or an earlier day.',
    );
    expect(screenDay.textContent).toBe('2026-11-24');

    // Typing again clears the complaint; Esc drops the typing and shows the day again.
    fireEvent.change(input, { target: { value: '2' } });
    expect(screen.queryByTestId('day-problem')).toBeNull();
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input.value).toBe('24/11/2026');
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    expect(picked).toEqual([]);
  });

  it('says the same in Traditional Chinese', () => {
    const { input } = renderField('zh-HK');
    type(input, '31/02/2026');
    expect(screen.getByTestId('day-problem').textContent).toBe('日曆上沒有 31/02/2026：請檢查日和月。');
    type(input, '上星期一');
    expect(screen.getByTestId('day-problem').textContent).toBe('請先輸入日，再輸入月和年，例如 25/11/2026。');
    type(input, '1/12/2026');
    expect(screen.getByTestId('day-problem').textContent).toBe(
      '01/12/2026 尚未到來：請選擇今日（25/11/2026）或之前的日子。',
    );
    fireEvent.click(screen.getByTestId('day-previous'));
    expect(screen.queryByTestId('day-problem')).toBeNull();
    expect(input.value).toBe('24/11/2026');
  });

  it('turns over at the till’s midnight on a screen left open: Today points at the new day, next day opens', () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    vi.setSystemTime(new Date(2026, 10, 25, 23, 59, 58));
    renderField('en', '2026-11-25');
    expect(screen.getByTestId('day-next')).toHaveProperty('disabled', true);
    expect(screen.getByTestId('day-today')).toHaveProperty('disabled', true);
    expect(screen.getByTestId('day-weekday').textContent).toBe('Wednesday, today');
    act(() => vi.advanceTimersByTime(2_100));
    // Nothing redrew the screen but the clock: the day it shows stays, and it is no longer today.
    expect(screen.getByTestId('day-weekday').textContent).toBe('Wednesday');
    expect(screen.getByTestId('day-next')).toHaveProperty('disabled', false);
    fireEvent.click(screen.getByTestId('day-today'));
    expect(screen.getByTestId('screen-day').textContent).toBe('2026-11-26');
  });
});
