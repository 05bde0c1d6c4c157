import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { JournalEvent } from '../../../shared/payments.ts';
import { money } from '../../../shared/money.ts';
import { notice } from '../../../shared/notices.ts';
import { LocaleProvider } from '../../i18n/i18n.tsx';
import { JournalEvents } from './JournalEvents.tsx';

afterEach(cleanup);

const EVENTS: JournalEvent[] = [
  // Journalled before events carried a notice: its English is all there is.
  { at: '2026-11-20T01:00:00.000Z', kind: 'request', summary: 'create sent', data: null },
  {
    at: '2026-11-20T01:00:01.000Z',
    kind: 'status',
    summary: "the provider's refund total is HK$12.00",
    notice: notice('event.provider-refund-total', { total: money(1200, 'HKD') }),
    data: null,
  },
  {
    at: '2026-11-20T01:00:02.000Z',
    kind: 'note',
    summary: 'refund R1 outcome unknown: …',
    notice: notice('event.refund-outcome-unknown', {
      refundId: 'R1',
      reason: notice('payments.error', { error: { code: 'network.timeout' } }),
    }),
    data: null,
  },
];

function linesIn(locale: 'en' | 'zh-HK'): string[] {
  render(
    <LocaleProvider locale={locale}>
      <JournalEvents events={EVENTS} />
    </LocaleProvider>,
  );
  // What follows the time: the kind and what the event says.
  return screen.getAllByTestId('journal-event').map((line) => line.textContent!.split(' · ').slice(1).join(' · '));
}

describe('the journal events of a payment', () => {
  it('says each event in the cashier’s language, nested reasons and money included', () => {
    expect(linesIn('zh-HK')).toEqual([
      '請求 · create sent',
      '狀態 · 支付商的退款總額為 HK$12.00',
      '備註 · 退款 R1 結果未明：支付商未有及時回應。正在核實此付款。',
    ]);
  });

  it('shows an event journalled before notices as the English it was recorded in', () => {
    expect(linesIn('en')).toEqual([
      'request · create sent',
      "status · the provider's refund total is HK$12.00",
      'note · refund R1 outcome unknown: The provider did not answer in time. The payment is being checked.',
    ]);
  });
});
