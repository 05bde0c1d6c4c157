import { PosError } from '../../../shared/errors.ts';
import type { HeadOfficeStatus } from '../../../shared/head-office.ts';
import type { DaySummary } from '../../../shared/payment-history.ts';
import type { ChainHead } from '../audit-chain/chain-entry.ts';
import type { SettingsService } from '../settings/settings-service.ts';
import { dayEventBody } from './day-event.ts';
import type { HeadOfficeOptions } from './head-office-options.ts';
import { startHeartbeat, type Heartbeat } from './heartbeat.ts';
import { createHeadOfficeLink, type HeadOfficeLink } from './link.ts';
import { machineMarks } from './machine-marks.ts';
import type { TillOutbox } from './outbox/till-outbox.ts';
import { problemOf, type HeadOfficeDb, type TillState } from './pg/index.ts';
import { createSender, type Sender } from './sender.ts';
import { createStatusBoard, type StatusBoard } from './status-board.ts';
import { openTillIdentity, type TillIdentityStore } from './till-identity.ts';

// The till's side of the head office, put together: its identity, the outbox's sender, the heartbeat and the
// status they keep. Everything here runs beside the payments, never in their way: a sale commits to the journal
// (and its outbox row with it) and returns; sending is this service's business, on later ticks.

export interface HeadOfficeNeeds {
  readonly dataDir: string;
  readonly version: string;
  readonly settings: SettingsService;
  readonly outbox: TillOutbox;
  readonly emit: (status: HeadOfficeStatus) => void;
  /** The Day summary screen's figures (payments.summary). */
  readonly daySummary: (day: string) => Promise<DaySummary>;
  /** What the heartbeat says besides who this till is. */
  readonly tillState: () => Omit<TillState, 'tillId' | 'shopId' | 'terminalReference' | 'version'>;
  readonly today: () => string;
  /** The head of the audit chain (../audit-chain/), told with each heartbeat so the head office holds a copy. */
  readonly chainHead?: () => ChainHead;
  readonly log: (line: string) => void;
  readonly options?: HeadOfficeOptions | undefined;
}

export interface HeadOfficeService {
  readonly identity: TillIdentityStore;
  readonly status: StatusBoard;
  readonly sender: Sender;
  /** A pool on the saved URL whose schema this till knows; PosError headOffice.off / headOffice.unavailable. */
  db(): Promise<HeadOfficeDb>;
  /** A copied till made a new one: what it carried over from the other till is not sent again. */
  enrol(): ReturnType<TillIdentityStore['current']>;
  run(): void;
  close(): Promise<void>;
}

export function createHeadOfficeService(needs: HeadOfficeNeeds): HeadOfficeService {
  const { settings, outbox } = needs;
  const identity = openTillIdentity({ dataDir: needs.dataDir, marks: needs.options?.machineMarks ?? machineMarks });
  const status = createStatusBoard({ pending: () => outbox.pendingCount(), emit: needs.emit });
  const link: HeadOfficeLink = createHeadOfficeLink(() => settings.readSecret('headOfficeUrl'));
  const shopId = (): string => settings.current().headOffice.shopId;
  const sender: Sender = createSender({
    outbox,
    link,
    status,
    till: () =>
      identity.current().cloneSuspected ? { problem: 'not-enrolled' } : { tillId: tillId(), shopId: shopId() },
    dayEvent: async (day) => ({ kind: 'day', body: dayEventBody(await needs.daySummary(day)) }),
    today: needs.today,
    log: needs.log,
    retry: needs.options?.retry,
  });
  const tillId = (): string => identity.current().tillId;
  let heartbeat: Heartbeat | null = null;
  const stopListening: (() => void)[] = [];

  const applySettings = (): void => {
    const enabled = settings.current().headOffice.enabled;
    outbox.setEnabled(enabled);
    if (!enabled) {
      status.set('off');
      void link.reset();
      return;
    }
    sender.wake();
    void heartbeat?.beat();
  };

  return {
    identity,
    status,
    sender,
    db: async () => {
      if (!outbox.enabled()) throw new PosError('headOffice.off');
      try {
        return await link.ready();
      } catch (error) {
        if (problemOf(error) === null) throw error;
        throw new PosError('headOffice.unavailable', { retryable: true, cause: error });
      }
    },
    enrol: () => {
      const { identity: made, copySeenAt } = identity.enrol();
      const now = Date.now();
      if (copySeenAt !== null) outbox.skipBefore(copySeenAt, now);
      needs.log(`head office: enrolled as a new till ${made.tillId}`);
      sender.retryNow();
      void heartbeat?.beat();
      return made;
    },
    run: () => {
      heartbeat = startHeartbeat({
        link,
        everyMs: needs.options?.heartbeatMs ?? 30_000,
        state: () => {
          const current = settings.current();
          if (!outbox.enabled() || identity.current().cloneSuspected) return null;
          return {
            ...needs.tillState(),
            tillId: tillId(),
            shopId: current.headOffice.shopId,
            terminalReference: current.terminalReference,
            version: needs.version,
            chainHead: needs.chainHead?.() ?? null,
          };
        },
        answered: () => {
          if (status.current().state !== 'connected' || status.current().pendingEvents > 0) sender.retryNow();
        },
        failed: (problem, error) => {
          if (!problem) needs.log(`head office: heartbeat failed: ${String(error)}`);
          status.set('failing', problem ?? 'unreachable');
        },
      });
      stopListening.push(outbox.onChange(() => sender.wake()));
      stopListening.push(settings.onChange(() => applySettings()));
      applySettings();
    },
    close: async () => {
      for (const stop of stopListening) stop();
      await heartbeat?.close();
      await sender.close();
      await link.close();
    },
  };
}
