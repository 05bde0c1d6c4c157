import type { Notice } from '../../../shared/notices.ts';
import type { CreateOrderInput, InStoreClient, ScanOrderInput } from '../instore/client.ts';
import type { Journal } from '../journal/index.ts';
import type { SendMemory } from './decisions.ts';
import type { ResolvedOptions } from './options.ts';
import type { OnScreen } from './on-screen.ts';
import type { StatusBudget } from '../status/status-budget.ts';

// What every part of the payment service shares: the journal, the client, the per-terminal status budget and
// which payments are on screen,
// and what this process remembers about requests it sent (lost on a crash on purpose: recovery works from
// the journal alone). One object, built by the service, handed to the handlers and the order workers.

/** A create or scan request as the client takes it: kept in memory so a resend is the same request. */
export type OrderRequest =
  | { readonly kind: 'create'; readonly input: CreateOrderInput }
  | { readonly kind: 'scan'; readonly input: ScanOrderInput };

/** In-memory facts about an attempt sent by this process (or first seen by recovery). */
export interface AttemptMemory extends SendMemory {
  /** The exact request, to send again with the same key. Null after a restart: a scanned code is never stored. */
  request: OrderRequest | null;
  /** Why a resend was refused outright (a notice, see error-reason.ts), shown if the attempt settles as not sent. */
  refusal: Notice | null;
  interactive: boolean;
  canResend: boolean;
  firstSentAt: number;
  lastSentAt: number;
  resends: number;
  existsAtProvider: boolean;
}

export interface PaymentRuntime {
  readonly journal: Journal;
  readonly options: ResolvedOptions;
  /**
   * When this service started (options.now). A process that died may have kept retrying a request after its
   * last journal write, but not after this moment: recovery counts the settle time from here at the earliest.
   */
  readonly startedAt: number;
  /** The in-store client for the current settings, with our audit callback and timeouts. */
  client(): Promise<InStoreClient>;
  /** Every status request of this terminal goes through it, in its lane (see lookup.ts). */
  readonly statusBudget: StatusBudget;
  /** Which payments the screens show now (their lookups go in the screen lane, more often). */
  readonly onScreen: OnScreen;
  /** A status lookup came back (answered: the provider said something, found or not): payment.checked. */
  noteChecked(referenceId: string, answered: boolean): void;
  readonly attempts: Map<string, AttemptMemory>;
  /** refundId → when its request last left (or may have left). */
  readonly refundSentAt: Map<string, number>;
  /** referenceIds, refundIds and cancelIds a cashier's call is sending right now: workers leave them alone. */
  readonly busy: Set<string>;
  /** The terminal reference the provider may show (orderMetadata / refundMetadata), if it is a valid one. */
  terminalReference(): string | undefined;
  /** The webhookUrl to give the provider on create/scan, if notifications can reach us. */
  webhookUrl(): string | undefined;
  /** Tell the screens (payment.updated) and the status bar that an attempt changed. */
  publishAttempt(referenceId: string): void;
  /** refund.updated for one refund, then payment.updated for its payment. */
  publishRefund(refundId: string): void;
}
