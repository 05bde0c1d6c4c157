import type { ChannelName, EventSink, Handlers } from '../../shared/contract.ts';
import { PosError } from '../../shared/errors.ts';
import type { ProviderAccess } from './provider/provider-access.ts';
import type { SettingsService } from './settings/settings-service.ts';

// The seam where the payment service plugs into the core. createCore builds everything the service
// depends on (settings, the provider client, the event sink) and hands it over as a CoreContext; the
// service returns its channel handlers and its live counts. So the payment service is wired by passing
// one factory to createCore, without editing the core.

export type PaymentChannel = Extract<ChannelName, `payments.${string}`>;
export type PaymentHandlers = Pick<Handlers, PaymentChannel>;

export interface PaymentCounts {
  /** Attempts the customer may still pay or that are being confirmed (shown in the status bar). */
  readonly pendingCount: number;
  /** Attempts whose outcome the service is still resolving with the provider ("Unresolved" badge). */
  readonly unresolvedCount: number;
}

export interface CoreContext {
  /** Directory for state files (the journal database lives here). */
  readonly dataDir: string;
  readonly fetch: typeof fetch;
  readonly settings: SettingsService;
  /** The provider as currently configured: the in-store client, the embedded sandbox when in demo. */
  readonly provider: ProviderAccess;
  /** Sends an event to every renderer (payment.updated, refund.updated…). */
  readonly emit: EventSink;
  /** Tells the core that payment counts changed, so the status bar is updated now, not at the next probe. */
  readonly countsChanged: () => void;
}

export interface PaymentModule {
  readonly handlers: PaymentHandlers;
  counts(): PaymentCounts;
  close(): Promise<void>;
}

export type PaymentModuleFactory = (context: CoreContext) => PaymentModule | Promise<PaymentModule>;

/**
 * Used only until the payment service is passed to createCore: every payments.* call fails with a clear,
 * typed error instead of pretending to take money. Counts are truthfully zero: nothing can be pending.
 */
export const paymentsNotWired: PaymentModuleFactory = () => {
  const refuse = async (): Promise<never> => {
    throw new PosError('internal', { message: 'Payments are not available in this build of the app.' });
  };
  const handlers: PaymentHandlers = {
    'payments.chargeMerchantQr': refuse,
    'payments.chargeCustomerQr': refuse,
    'payments.cancel': refuse,
    'payments.refund': refuse,
    'payments.get': refuse,
    'payments.history': refuse,
    'payments.summary': refuse,
    'payments.unresolved': refuse,
    'payments.checkNow': refuse,
    'payments.exportCsv': refuse,
  };
  return { handlers, counts: () => ({ pendingCount: 0, unresolvedCount: 0 }), close: async () => {} };
};
