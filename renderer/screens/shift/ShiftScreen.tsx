import { useEffect, useState, type FormEvent } from 'react';
import type { AppError } from '../../../shared/result.ts';
import { roleHas, type ShiftView } from '../../../shared/staff.ts';
import { useBridge } from '../../api/bridge.tsx';
import { ErrorText } from '../../components/ErrorText.tsx';
import { LabelledInput } from '../../components/LabelledInput.tsx';
import { dateTime } from '../../components/format.ts';
import { useBridgeEvent } from '../../hooks/use-bridge-event.ts';
import { useLocale, useT } from '../../i18n/i18n.tsx';
import { homeScreenOf } from '../../components/frame/Nav.tsx';
import { useAppStore } from '../../stores/app-store.ts';
import { useSessionStore } from '../../stores/session-store.ts';
import { useTerminal } from '../../stores/terminal.ts';
import { CloseShift } from './CloseShift.tsx';
import { PastShifts } from './PastShifts.tsx';
import { PrintShiftReportButton } from './PrintShiftReportButton.tsx';
import { ShiftReportView } from './ShiftReportView.tsx';
import { staffNameOf } from '../../components/attribution.ts';
import { StartTraining } from '../../components/training/StartTraining.tsx';

// The shift on this till: open one (who and when are the core's; a note is optional), its X report at any time
// (on screen, printable), close it with the Z report; below, the day's shifts and a reprint of a past Z.

export function ShiftScreen() {
  const t = useT();
  const bridge = useBridge();
  // undefined: not read yet; null: no shift is open.
  const [shift, setShift] = useState<ShiftView | null | undefined>(undefined);
  const [closed, setClosed] = useState<ShiftView | null>(null);
  const [error, setError] = useState<AppError | null>(null);
  const [tick, setTick] = useState(0);
  const navigate = useAppStore((state) => state.navigate);
  const { mode } = useTerminal();

  useEffect(() => {
    let current = true;
    void bridge['shifts.current']({}).then((result) => {
      if (!current) return;
      if (result.ok) setShift(result.value.shift);
      else setError(result.error);
    });
    return () => {
      current = false;
    };
  }, [bridge, tick]);
  // The X report follows the till: a payment paid or refunded, a shift opened or closed at another window.
  useBridgeEvent('payment.updated', () => setTick((n) => n + 1));
  useBridgeEvent('refund.updated', () => setTick((n) => n + 1));
  useBridgeEvent('session.changed', () => setTick((n) => n + 1));

  return (
    <section className="screen shift-screen" aria-labelledby="shift-title" data-testid="shift-screen">
      <h1 id="shift-title" tabIndex={-1} className="screen-title">
        {t('shift.title')}
      </h1>
      <ErrorText error={error} testId="shift-load-error" />
      {closed ? (
        <ClosedNow shift={closed} onDone={() => setClosed(null)} />
      ) : shift === null ? (
        <OpenShift
          onOpened={(opened) => {
            // Opened to sell: back to the till's home screen.
            setShift(opened);
            navigate({ name: homeScreenOf(mode) });
          }}
        />
      ) : shift ? (
        <OpenNow
          shift={shift}
          onClosed={(done) => {
            setClosed(done);
            setShift(null);
          }}
        />
      ) : null}
      <StartTraining />
      <PastShifts refreshKey={`${tick}:${closed?.id ?? ''}`} />
    </section>
  );
}

function OpenShift({ onOpened }: { onOpened: (shift: ShiftView) => void }) {
  const t = useT();
  const bridge = useBridge();
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AppError | null>(null);
  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    const trimmed = note.trim();
    const result = await bridge['shifts.open'](trimmed ? { note: trimmed } : {});
    setBusy(false);
    if (result.ok) onOpened(result.value.shift);
    else setError(result.error);
  };
  return (
    <form className="shift-open" onSubmit={(event) => void submit(event)} noValidate data-testid="shift-open-form">
      <p className="explain" data-testid="shift-none">
        {t('shift.none')}
      </p>
      <LabelledInput
        id="shift-note"
        label={t('shift.note')}
        type="text"
        maxLength={200}
        value={note}
        onChange={(event) => setNote(event.target.value)}
        data-testid="shift-note"
      />
      <ErrorText error={error} testId="shift-error" />
      <button type="submit" className="button button-primary button-large" disabled={busy} data-testid="shift-open">
        {busy ? t('shift.opening') : t('shift.open')}
      </button>
    </form>
  );
}

function OpenNow({ shift, onClosed }: { shift: ShiftView; onClosed: (closed: ShiftView) => void }) {
  const t = useT();
  const locale = useLocale();
  const openedAt = dateTime(shift.openedAt, locale);
  // Nobody signed in: the till as before staff, everything offered. A cashier is not offered what the core
  // would refuse them (the X report, the close): a supervisor does those.
  const role = useSessionStore((state) => state.session?.staff?.role ?? null);
  const mayReadX = role === null || roleHas(role, 'x-report');
  const mayClose = role === null || roleHas(role, 'close-shift');
  return (
    <div className="shift-now" data-testid="shift-current" data-shift-id={shift.id} data-number={shift.number}>
      <p className="shift-line">
        {shift.openedBy
          ? t('shift.current', { number: shift.number, openedAt, name: staffNameOf(shift.openedBy, t) })
          : t('shift.currentNobody', { number: shift.number, openedAt })}
      </p>
      <div className="filters">
        {mayReadX && <PrintShiftReportButton shift={shift} label={t('shift.printX')} testId="shift-print-x" />}
        {mayClose && <CloseShift shift={shift} onClosed={onClosed} />}
      </div>
      {!mayClose && (
        <p className="hint" data-testid="shift-supervisor-closes">
          {t('shift.supervisorCloses')}
        </p>
      )}
      {/* Open: what the shift took so far is what the person came here to read. */}
      {mayReadX && (
        <details className="shift-report-on-screen" open data-testid="shift-x-report">
          <summary>{t('shift.xReport')}</summary>
          <ShiftReportView shift={shift} />
        </details>
      )}
    </div>
  );
}

function ClosedNow({ shift, onDone }: { shift: ShiftView; onDone: () => void }) {
  const t = useT();
  return (
    <div className="shift-now" data-testid="shift-closed" data-shift-id={shift.id} data-number={shift.number}>
      <p role="status" className="shift-line">
        {t('shift.closed', { number: shift.number })}
      </p>
      <div className="filters">
        <PrintShiftReportButton shift={shift} label={t('shift.printZ')} testId="shift-print-z" />
        <button type="button" className="button button-primary" onClick={onDone} data-testid="shift-closed-done">
          {t('shift.newShift')}
        </button>
      </div>
      <ShiftReportView shift={shift} />
    </div>
  );
}
