import type { SettingsService } from '../settings/settings-service.ts';
import type { ListenerBoard } from '../status/listener-board.ts';
import { followSettingsListener, type ListenerPlan } from '../http/settings-listener.ts';
import { startOrderWebhookReceiver, type OrderOutcomeNotification } from './order-webhook-receiver.ts';

// Where order-outcome webhooks (captures and charges) reach this till, kept in line with the settings, the
// same way payments/notifications.ts does it for the in-store API:
// - demo (embedded sandbox): a listener on loopback, and its URL goes out as callbackUrl;
// - a real environment: the provider can only post to a public https URL (tokenized.webhookUrl, set up by the
//   shop's IT to forward to this computer); we listen only when tokenized.webhookListenPort is set, and send
//   the URL whenever it is set (the forwarder may deliver elsewhere);
// - a receiver configured in code (createCustomerModule({ orderWebhook })) wins over the settings.
// A delivery is never the truth: the service acts only on an order it knows and keeps the synchronous answer.

export interface OrderWebhookConfig {
  readonly port?: number;
  readonly host?: string;
  readonly publicUrl?: string;
}

export interface OrderWebhookListener {
  /** The callbackUrl for captures and charges right now, or null when outcomes cannot reach us. */
  url(): string | null;
  close(): Promise<void>;
}

function planFor(settings: SettingsService, fixed: OrderWebhookConfig | undefined): ListenerPlan {
  if (fixed) return { listen: true, port: fixed.port ?? 0, host: fixed.host, publicUrl: fixed.publicUrl };
  const current = settings.current();
  if (current.environment === 'embedded-sandbox') return { listen: true, port: 0 };
  const port = current.tokenized.webhookListenPort;
  return { listen: port > 0, port, publicUrl: current.tokenized.webhookUrl.trim() || undefined };
}

export async function startOrderWebhookListener(options: {
  readonly settings: SettingsService;
  readonly fixed?: OrderWebhookConfig | undefined;
  readonly onNotification: (notification: OrderOutcomeNotification) => void;
  readonly log: (line: string) => void;
  /** Where a port it cannot have is said (the status bar, Settings); absent in tests of the service alone. */
  readonly listeners?: ListenerBoard | undefined;
}): Promise<OrderWebhookListener> {
  const { settings, fixed } = options;
  const listener = await followSettingsListener({
    plan: () => planFor(settings, fixed),
    onSettingsChange: (listen) => settings.onChange(listen),
    start: (plan) =>
      startOrderWebhookReceiver({
        port: plan.port,
        host: plan.host,
        publicUrl: plan.publicUrl,
        onNotification: options.onNotification,
        log: options.log,
      }),
    label: 'order webhook listener',
    log: options.log,
    report: (failure) =>
      failure
        ? options.listeners?.failed('order-webhooks', failure.port, failure.error)
        : options.listeners?.listening('order-webhooks'),
  });

  return {
    url() {
      if (fixed || settings.current().environment === 'embedded-sandbox') return listener.receiverUrl() ?? null;
      return settings.current().tokenized.webhookUrl.trim() || null;
    },
    close: () => listener.close(),
  };
}
