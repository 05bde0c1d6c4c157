import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Locale } from '../../shared/settings.ts';
import { LocaleProvider } from '../i18n/i18n.tsx';
import { TakenElsewhereMark } from './TakenElsewhereMark.tsx';

// "Taken at another terminal" is explained on the screen itself: a tooltip reaches neither a touch screen nor
// a screen reader.

afterEach(cleanup);

function renderMark(explain: 'line' | 'button', locale: Locale = 'en') {
  render(
    <LocaleProvider locale={locale}>
      <TakenElsewhereMark payment={{ origin: 'looked-up' }} testId="mark" explain={explain} />
    </LocaleProvider>,
  );
  return { badge: screen.getByTestId('mark'), why: screen.getByTestId('mark-why') };
}

describe('TakenElsewhereMark', () => {
  it('on the detail and refund screens: the explanation is a line under the mark, read with it', () => {
    const { badge, why } = renderMark('line');
    expect(badge.textContent).toBe('Taken at another terminal');
    expect(badge.getAttribute('title')).toBeNull();
    expect(why.hidden).toBe(false);
    expect(why.textContent).toContain('Looked up at the provider by its reference');
    expect(badge.getAttribute('aria-describedby')).toBe(why.id);
    expect(screen.queryByTestId('mark-why-button')).toBeNull();
  });

  it('in a list row: a Why? button opens and closes it, and says whether it is open', () => {
    const { badge, why } = renderMark('button');
    const button = screen.getByRole('button', { name: 'Why?' });
    expect(why.hidden).toBe(true);
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(button.getAttribute('aria-controls')).toBe(why.id);
    fireEvent.click(button);
    expect(why.hidden).toBe(false);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(badge.getAttribute('aria-describedby')).toBe(why.id);
    fireEvent.click(button);
    expect(why.hidden).toBe(true);
  });

  it('in Traditional Chinese', () => {
    renderMark('button', 'zh-HK');
    fireEvent.click(screen.getByRole('button', { name: '這是甚麼？' }));
    expect(screen.getByTestId('mark-why').textContent).toContain('按參考編號向支付商查詢所得');
  });

  it('says nothing for the till’s own payments', () => {
    render(<TakenElsewhereMark payment={{ origin: 'taken-here' }} testId="mark" />);
    expect(screen.queryByTestId('mark')).toBeNull();
  });
});
