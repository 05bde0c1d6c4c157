import type { ChannelName, EventSink, Handlers } from '../../shared/contract.ts';
import type { ProviderAccess } from './provider/provider-access.ts';
import type { SettingsService } from './settings/settings-service.ts';

// The seam where the payment service plugs into the core. createCore builds everything the service
// depends on (settings, the provider client, the event sink) and hands it over as a CoreContext; the
// service returns its channel handlers and its live counts. createCore uses createPaymentModule() by
// default; tests pass the same factory with shortened timings.

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
