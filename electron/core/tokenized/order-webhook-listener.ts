import type { SettingsService } from '../settings/settings-service.ts';
import { startOrderWebhookReceiver, type OrderOutcomeNotification, type OrderWebhookReceiver } from './order-webhook-receiver.ts';

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

interface Plan {
  readonly listen: boolean;
  readonly port: number;
  readonly host: string | undefined;
  readonly publicUrl: string | undefined;
}

function planFor(settings: SettingsService, fixed: OrderWebhookConfig | undefined): Plan {
  if (fixed) return { listen: true, port: fixed.port ?? 0, host: fixed.host, publicUrl: fixed.publicUrl };
  const current = settings.current();
  if (current.environment === 'embedded-sandbox') return { listen: true, port: 0, host: undefined, publicUrl: undefined };
  const port = current.tokenized.webhookListenPort;
  return { listen: port > 0, port, host: undefined, publicUrl: current.tokenized.webhookUrl.trim() || undefined };
}

function samePlan(a: Plan, b: Plan): boolean {
  return a.listen === b.listen && a.port === b.port && a.host === b.host && a.publicUrl === b.publicUrl;
}

export async function startOrderWebhookListener(options: {
  readonly settings: SettingsService;
  readonly fixed?: OrderWebhookConfig | undefined;
  readonly onNotification: (notification: OrderOutcomeNotification) => void;
  readonly log: (line: string) => void;
}): Promise<OrderWebhookListener> {
  const { settings, fixed } = options;
  let plan = planFor(settings, fixed);
  let receiver: OrderWebhookReceiver | null = null;
  let closed = false;
  // Reconfigurations run one after the other, never two listeners at once.
  let queue: Promise<void> = Promise.resolve();

  async function apply(next: Plan, first: boolean): Promise<void> {
    if (!first && samePlan(plan, next) && (receiver !== null || !next.listen)) return;
    const old = receiver;
    receiver = null;
    await old?.close();
    plan = next;
    if (!next.listen || closed) return;
    try {
      receiver = await startOrderWebhookReceiver({ port: next.port, host: next.host, publicUrl: next.publicUrl, onNotification: options.onNotification, log: options.log });
    } catch (error) {
      // A port already taken must not stop linked-customer payments: the synchronous answer is the truth,
      // the webhook only confirms a capture sooner.
      options.log(`order webhook listener not started: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  await apply(plan, true);
  const stop = settings.onChange(() => {
    queue = queue.then(() => apply(planFor(settings, fixed), false)).catch((error: unknown) => options.log(`order webhook listener: ${String(error)}`));
  });

  return {
    url() {
      if (fixed || settings.current().environment === 'embedded-sandbox') return receiver?.url ?? null;
      return settings.current().tokenized.webhookUrl.trim() || null;
    },
    async close() {
      closed = true;
      stop();
      await queue;
      const old = receiver;
      receiver = null;
      await old?.close();
    },
  };
}
