import type { ListenerProblem, ListenRefusal, StatusSnapshot } from '../../../shared/status.ts';
import { useNow } from '../../hooks/use-now.ts';
import { useT, type MessageKey } from '../../i18n/i18n.tsx';
import { useAppStore } from '../../stores/app-store.ts';
import { skew } from '../format.ts';
import { HeadOfficeStatusItem } from './HeadOfficeStatusItem.tsx';

// The status line every terminal has: environment, a listener that cannot listen on its port, provider
// reachable, the receipt printer (when the till drives one), clock, pending and unresolved counts (the latter
// opens the Unresolved list), scanner seen (and
// whether the camera reads with the slower fallback decoder). Fed by status.get + status.changed.

/** The provider refuses signatures about a minute off; warn well before that. */
const CLOCK_WARN_MS = 30_000;

export function StatusBar() {
  const t = useT();
  const status = useAppStore((state) => state.status);
  const scannerSeenAt = useAppStore((state) => state.scannerSeenAt);
  const cameraDecoder = useAppStore((state) => state.cameraDecoder);
  const navigate = useAppStore((state) => state.navigate);
  useNow(30_000);

  return (
    <footer className="status-bar" role="contentinfo" aria-label={t('status.label')} data-testid="status-bar">
      {status ? (
        <>
          <span className="status-item status-environment" data-testid="status-environment">
            {t('status.environment', { name: t(`env.${status.environment}`) })}
          </span>
          {status.journalProblems.length > 0 && (
            <span
              className="status-item status-bad"
              role="alert"
              data-testid="status-journal"
              title={t('journal.statusOpen')}
            >
              {t('journal.status')}
            </span>
          )}
          {status.listenerProblems.map((problem) => (
            <ListenerItem key={problem.listener} problem={problem} />
          ))}
          <ProviderItem reachable={status.providerReachable} />
          {status.printer && <PrinterItem printer={status.printer} />}
          <ClockItem status={status} />
          <span className="status-item" data-testid="status-pending">
            {t('status.pending', { count: status.pendingCount })}
          </span>
          <HeadOfficeStatusItem />
          {needsAttention(status) && (
            <button
              type="button"
              className="status-item status-button status-warn"
              data-testid="status-check-till"
              onClick={() => navigate({ name: 'settings', section: 'about' })}
            >
              {t('fleet.statusLink')}
            </button>
          )}
          {/* Named by its visible words (WCAG 2.5.3: a voice-control user says what they see); what it opens is
              its description. */}
          <button
            type="button"
            className={`status-item status-button${status.unresolvedCount > 0 ? ' status-warn' : ''}`}
            data-testid="status-unresolved"
            aria-describedby="status-unresolved-what"
            onClick={() => navigate({ name: 'unresolved' })}
          >
            {t('status.unresolved', { count: status.unresolvedCount })}
          </button>
          <span id="status-unresolved-what" hidden>
            {t('status.unresolvedOpen', { count: status.unresolvedCount })}
          </span>
        </>
      ) : (
        <span className="status-item">{t('common.loading')}</span>
      )}
      <span
        className={`status-item${cameraDecoder === 'zxing-js' ? ' status-warn' : ''}`}
        data-testid="status-scanner"
        data-camera-decoder={cameraDecoder ?? ''}
      >
        {scannerSeenAt === null
          ? t('status.scannerNotSeen')
          : t('status.scannerSeen', { ago: agoText(scannerSeenAt, t) })}
        {cameraDecoder === 'zxing-js' && ` · ${t('status.cameraSlowDecoder')}`}
      </span>
    </footer>
  );
}

const LISTENER_WORDS: Readonly<Record<ListenRefusal, MessageKey>> = {
  'in-use': 'status.listenerInUse',
  'not-allowed': 'status.listenerNotAllowed',
  other: 'status.listenerNotStarted',
};

/** A listener that cannot listen on its port (Settings says what to do): payments go on without it. */
function ListenerItem({ problem }: { problem: ListenerProblem }) {
  const t = useT();
  const text = t(LISTENER_WORDS[problem.refusal], {
    listener: t(`status.listener.${problem.listener}`),
    port: problem.port,
  });
  return (
    <span className="status-item status-warn" data-testid={`status-listener-${problem.listener}`}>
      {text}
    </span>
  );
}

function ProviderItem({ reachable }: { reachable: boolean | null }) {
  const t = useT();
  const [text, tone] =
    reachable === null
      ? [t('status.providerUnknown'), 'unknown']
      : reachable
        ? [t('status.providerUp'), 'ok']
        : [t('status.providerDown'), 'bad'];
  return (
    <span className={`status-item status-${tone}`} data-testid="status-provider" data-reachable={String(reachable)}>
      <span className="status-dot" aria-hidden="true" />
      {text}
    </span>
  );
}

/** Shown when the till drives an ESC/POS printer: its last answer, in words the cashier acts on. */
function PrinterItem({ printer }: { printer: NonNullable<StatusSnapshot['printer']> }) {
  const t = useT();
  const tone = printer.state === null ? 'unknown' : printer.state === 'ready' ? 'ok' : 'bad';
  return (
    <span
      className={`status-item status-${tone}`}
      data-testid="status-printer"
      data-state={printer.state ?? ''}
      {...(tone === 'bad' ? { role: 'alert' } : {})}
    >
      {printer.state === null
        ? t('status.printerUnknown')
        : t('status.printer', { state: t(`printer.state.${printer.state}`) })}
    </span>
  );
}

function ClockItem({ status }: { status: StatusSnapshot }) {
  const t = useT();
  if (status.clockSkewMs === null) {
    return (
      <span className="status-item status-unknown" data-testid="status-clock">
        {t('status.clockUnknown')}
      </span>
    );
  }
  const off = Math.abs(status.clockSkewMs) >= CLOCK_WARN_MS;
  return (
    <span
      className={`status-item ${off ? 'status-bad' : 'status-ok'}`}
      data-testid="status-clock"
      data-skew-ms={status.clockSkewMs}
    >
      {off
        ? t('status.clockOff', { skew: skew(status.clockSkewMs) })
        : t('status.clockOk', { skew: skew(status.clockSkewMs) })}
    </span>
  );
}

/** Something the bar shows as wrong: the link to Settings → About → Check this till, which says what and why. */
function needsAttention(status: StatusSnapshot): boolean {
  const printerBad = status.printer?.state != null && status.printer.state !== 'ready';
  const clockOff = status.clockSkewMs !== null && Math.abs(status.clockSkewMs) >= CLOCK_WARN_MS;
  return (
    status.journalProblems.length > 0 ||
    status.listenerProblems.length > 0 ||
    status.providerReachable === false ||
    printerBad ||
    clockOff
  );
}

function agoText(at: number, t: ReturnType<typeof useT>): string {
  const minutes = Math.floor((performance.now() - at) / 60_000);
  return minutes < 1 ? t('status.justNow') : t('status.minutesAgo', { minutes });
}
