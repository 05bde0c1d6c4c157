import type { JournalEvent } from '../../../shared/payments.ts';
import { dateTime } from '../../components/format.ts';
import { useLocale, useT, type MessageKey } from '../../i18n/i18n.tsx';
import { noticeText } from '../../i18n/notices.ts';

// The payment's journal, for whoever asks "what exactly happened?": each event in the cashier's language (its
// notice), or as the English it was recorded in when it has none (events journalled before journal schema 12).

export function JournalEvents({ events }: { events: readonly JournalEvent[] }) {
  const t = useT();
  const locale = useLocale();
  return (
    <ul>
      {events.map((event, index) => (
        <li key={`${event.at}-${index}`} data-testid="journal-event">
          <time dateTime={event.at}>{dateTime(event.at, locale)}</time> · {kindText(event.kind, t)} ·{' '}
          {event.notice ? noticeText(event.notice, locale) : event.summary}
        </li>
      ))}
    </ul>
  );
}

const KINDS = ['request', 'response', 'error', 'status', 'note'];

function kindText(kind: string, t: (key: MessageKey) => string): string {
  return KINDS.includes(kind) ? t(`detail.event.${kind}` as MessageKey) : kind;
}
