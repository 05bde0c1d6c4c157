import type { EventSink } from '../../shared/contract.ts';
import type { JournalOutbox } from './head-office/outbox/till-outbox.ts';
import type { JournalRecords } from './sqlite/journal-record.ts';
import type { StatusBudget } from './status/status-budget.ts';
import type { ProviderAccess } from './provider/provider-access.ts';
import type { SettingsService } from './settings/settings-service.ts';
import type { ListenerBoard } from './status/listener-board.ts';
import type { StaffAccess } from './staff/staff-access.ts';
import type { TrainingGate } from './training/training-service.ts';

// What createCore hands every service it starts (the in-store payments, the linked customers): where state
// lives, how to reach the provider, the settings, and the way back to the screens.

export interface CoreContext {
  /** Directory for state files (the journal database lives here). */
  readonly dataDir: string;
  /**
   * Each journal's id and how far it got, in `journal-records.json` beside the journals (sqlite/journal-record.ts;
   * not the settings store, which a shop copies between tills): notices a journal deleted with its mark.
   */
  readonly journalRecords: JournalRecords;
  /** Where both journals number their changes for the head office (head-office/outbox/); absent in tests of a service alone. */
  readonly headOfficeOutbox?: JournalOutbox;
  readonly fetch: typeof fetch;
  readonly settings: SettingsService;
  /** Who is at the till and what they may do (staff/staff-access.ts): every sale, cancel and refund asks it. */
  readonly staff: StaffAccess;
  /** The provider as currently configured: the in-store client, the embedded sandbox when in demo. */
  readonly provider: ProviderAccess;
  /**
   * Training mode (training/): whether a sale now is a training sale, and the sandbox of its own those go to.
   * Absent in tests of a service alone: nothing trains there.
   */
  readonly training?: TrainingGate;
  /**
   * The terminal's status budget (Settings → status checks per second, status/status-budget.ts): every status
   * lookup the till makes takes a slot of it — in-store polls and lookups, the linked-customer hold lookups
   * (after an order webhook, when a customer is opened, the resolver's) and the resolver's re-sends, the status
   * bar's probe — so all of them together stay within the setting. The core closes it last.
   */
  readonly statusBudget: StatusBudget;
  /** Sends an event to every renderer (payment.updated, refund.updated…). */
  readonly emit: EventSink;
  /** Tells the core that payment counts changed, so the status bar is updated now, not at the next probe. */
  readonly countsChanged: () => void;
  /**
   * Tells the status bar what one provider call showed (true: it answered; false: no answer or a 5xx), so a
   * failing provider turns the bar to a warning at once instead of at the next probe. Optional: tests of a
   * service alone have no status bar.
   */
  readonly providerAnswered?: (answered: boolean) => void;
  /** Where a webhook listener says it cannot listen (the status bar, Settings). Optional like providerAnswered. */
  readonly listeners?: ListenerBoard;
}
