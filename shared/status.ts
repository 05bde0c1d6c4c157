import type { z } from 'zod';
import type { JournalProblem } from './journal.ts';
import type { CurrencyCode } from './money.ts';
import type { LearnedAmountLimits } from './payments.ts';
import type { PrinterStatus } from './printer.ts';
import { empty, type Empty } from './request-atoms.ts';
import type { EnvironmentId, Locale, TerminalMode } from './settings.ts';

// The till as a whole, as the status bar and every screen's start read it (electron/core/status/,
// electron/core/app-info.ts): what it is and runs on (app.info), and how its provider, journals, listeners and
// printer stand (status.get, status.changed).

export interface AppInfo {
  readonly version: string;
  readonly transport: 'electron' | 'web';
  readonly environment: EnvironmentId;
  readonly demo: boolean;
  readonly mode: TerminalMode;
  readonly kiosk: boolean;
  readonly locale: Locale;
  readonly merchantName: string;
  readonly posId: string;
  readonly terminalReference: string;
  readonly currency: CurrencyCode;
  /** Base URL of the embedded sandbox when running on it (demo), else null. */
  readonly sandboxBaseUrl: string | null;
  /** Journals refused at start (the same list as the status snapshot's): while one is listed, its side takes nothing. */
  readonly journalProblems: readonly JournalProblem[];
  /**
   * The provider's amount limits for this shop as its refusals have shown them (payments.amountLimitsLearned
   * brings each new one): the Sale screen holds the tighter of these and Settings' amount limits.
   */
  readonly providerAmountLimits: LearnedAmountLimits;
}

export interface StatusSnapshot {
  readonly environment: EnvironmentId;
  readonly demo: boolean;
  /** null until the first check has run. */
  readonly providerReachable: boolean | null;
  /** Our clock minus the provider's (from its Date header), null until measured. */
  readonly clockSkewMs: number | null;
  readonly pendingCount: number;
  readonly unresolvedCount: number;
  readonly checkedAt: string | null;
  /**
   * Journals this till refused to open at start because they are not the ones it wrote (missing, empty,
   * another file, rolled back, corrupt). Empty when both are sound. While one is listed, its payments are
   * refused with journal.lost.
   */
  readonly journalProblems: readonly JournalProblem[];
  /**
   * The till's listeners that should listen but cannot (a port another program took, or one this computer
   * refuses): payments go on, by polling where a webhook is missing. Empty when every listener is up.
   */
  readonly listenerProblems: readonly ListenerProblem[];
  /** The ESC/POS receipt printer's last known state; absent when the system printer (or none) is used. */
  readonly printer?: PrinterStatus;
}

// ---- a listener that cannot listen (electron/core/status/listener-board.ts) ----

/** The till's inbound listeners that follow the settings. */
export const LISTENER_NAMES = ['payment-notifications', 'order-webhooks', 'register-connection'] as const;
export type ListenerName = (typeof LISTENER_NAMES)[number];

/** in-use: another program holds the port; not-allowed: this computer refuses it; other: any other failure. */
export type ListenRefusal = 'in-use' | 'not-allowed' | 'other';

export interface ListenerProblem {
  readonly listener: ListenerName;
  readonly port: number;
  readonly refusal: ListenRefusal;
}

export interface StatusChannels {
  'app.info': { request: Empty; response: AppInfo };
  'status.get': { request: Empty; response: StatusSnapshot };
}

export interface StatusEvents {
  'status.changed': StatusSnapshot;
}

export const statusRequestSchemas: { [K in keyof StatusChannels]: z.ZodType<StatusChannels[K]['request']> } = {
  'app.info': empty,
  'status.get': empty,
};
