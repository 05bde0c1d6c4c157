import { CUSTOMER_CHANNEL_NAMES, type CustomerHandlers } from '../../../shared/customers.ts';
import type { LinkedCustomerTakings } from '../../../shared/payment-history.ts';
import type { CurrencyCode } from '../../../shared/money.ts';
import type { CoreContext } from '../core-context.ts';
import { channelsFace, forwardingModule, type ModuleFace } from '../module-face.ts';
import type { ApprovalGate } from './approvals.ts';
import { customerJournalFileIn, openCustomerJournal } from './journal.ts';
import { createCustomerService } from './customer-service.ts';
import type { ConsentRequest } from './linking.ts';
import type { CustomerServiceOptions } from './options.ts';

// The seam where linked-customer payments plug into the core, like payment-module.ts does for the in-store
// service: createCore builds the CoreContext, this factory opens the customer journal next to the payment
// journal, starts the service (recovery included, and the order webhook listener the settings ask for) and
// returns the customers.* handlers (charge and capture behind the approval gate it is handed), plus two things only main needs: the consent page request (the app token
// never goes to the renderer) and the order webhook address. The journal is opened and closed here, not by
// the service, so a service that fails to start still closes its file. Its face is declared once, in
// CUSTOMER_MODULE_FACE: the journal's stand-in and the core's forwarder are made from it (../module-face.ts).

export interface CustomerModule {
  readonly handlers: CustomerHandlers;
  /** The consent page and the app-token header to open it with; throws link.failed / link.expired. */
  consentRequest(linkToken: string): ConsentRequest;
  /** The callbackUrl captures and charges carry (null when order outcomes cannot reach this till). */
  orderWebhookUrl(): string | null;
  /** Charges and holds on the Unresolved list (customers.unresolved): the core adds them to the status bar's count. */
  unresolvedCount(): number;
  /** Approved charges and captured holds of a local day, for the core's day summary. */
  takingsOfDay(day: string, currency: CurrencyCode): LinkedCustomerTakings;
  /** A local day's charges and holds as lines of the end-of-day CSV, for the core's export. */
  csvLinesOfDay(day: string): string[][];
  close(): Promise<void>;
}

/**
 * The customer module's face, and what it answers while the customer journal is refused: every customers.*
 * call refused with journal.lost, the day report's linked-customer part too (it is unknown); no order webhook
 * address, nothing unresolved to count.
 */
export const CUSTOMER_MODULE_FACE: ModuleFace<CustomerModule> = {
  handlers: channelsFace<CustomerHandlers>(CUSTOMER_CHANNEL_NAMES),
  consentRequest: 'throws',
  orderWebhookUrl: () => null,
  unresolvedCount: () => 0,
  takingsOfDay: 'throws',
  csvLinesOfDay: 'throws',
  close: async () => {},
};

/** `approvals`: asked before every charge and capture (the core's approvals.ts; tests of the service alone pass their own). */
export type CustomerModuleFactory = (context: CoreContext, approvals: ApprovalGate) => Promise<CustomerModule>;

export interface CustomerModuleOptions extends CustomerServiceOptions {
  /** Default: linked-customers.sqlite3 in the core's data folder. */
  readonly journalFile?: string | undefined;
}

export function createCustomerModule(options: CustomerModuleOptions): CustomerModuleFactory {
  return async (context, approvals) => {
    const journal = openCustomerJournal({
      filePath: options.journalFile ?? customerJournalFileIn(context.dataDir),
      now: options.now,
      records: context.journalRecords,
      outbox: context.headOfficeOutbox,
    });
    const service = createCustomerService(context, options, journal, approvals);
    const close = async (): Promise<void> => {
      try {
        await service.close();
      } finally {
        journal.close();
      }
    };
    try {
      await service.start();
    } catch (error) {
      await close();
      throw error;
    }
    // The service's face, but closing the journal after it.
    return { ...forwardingModule(CUSTOMER_MODULE_FACE, () => service), close };
  };
}
