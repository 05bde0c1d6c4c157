import type { ProviderAccess } from '../provider/provider-access.ts';
import type { SettingsService } from '../settings/settings-service.ts';
import { startInstoreWebhookReceiver, type InstoreNotification, type InstoreWebhookReceiver } from './instore-webhook-receiver.ts';

// Where payment notifications (wire-details §2.6) reach this till, kept in line with the settings:
// - demo (embedded sandbox): a listener on loopback, and its URL goes out as webhookUrl, so the sandbox's
//   pushes cut the wait for every status change;
// - a real environment: the provider can only post to a public https URL (settings.webhookUrl, set up by the
//   shop's IT to forward here); we listen only when a listen port is set, and pass the URL whenever it is set.
// A notification is only a hint: it wakes the order's worker, which asks the provider itself.

export interface NotificationListener {
  /** The webhookUrl for create/scan right now, if notifications can reach us. */
  url(): string | undefined;
  close(): Promise<void>;
}

interface Plan {
  readonly listen: boolean;
  readonly port: number;
  readonly publicUrl: string | undefined;
}

function planFor(settings: SettingsService): Plan {
  const current = settings.current();
  if (current.environment === 'embedded-sandbox') return { listen: true, port: 0, publicUrl: undefined };
  const publicUrl = current.webhookUrl.trim() || undefined;
  return { listen: current.webhookListenPort > 0, port: current.webhookListenPort, publicUrl };
}

function samePlan(a: Plan, b: Plan): boolean {
  return a.listen === b.listen && a.port === b.port && a.publicUrl === b.publicUrl;
}

export async function startNotificationListener(options: {
  readonly settings: SettingsService;
  readonly provider: ProviderAccess;
  readonly onNotification: (notification: InstoreNotification) => void;
  readonly log: (line: string) => void;
}): Promise<NotificationListener> {
  const { settings, provider } = options;
  let secret: string | null = null;
  let plan = planFor(settings);
  let receiver: InstoreWebhookReceiver | null = null;
  let closed = false;
  // Reconfigurations run one after the other, never two listeners at once.
  let queue: Promise<void> = Promise.resolve();

  async function apply(next: Plan): Promise<void> {
    secret = await provider.notificationSecret();
    if (receiver && samePlan(plan, next)) return;
    const old = receiver;
    receiver = null;
    await old?.close();
    plan = next;
    if (!next.listen || closed) return;
    try {
      receiver = await startInstoreWebhookReceiver({
        port: next.port,
        publicUrl: next.publicUrl,
        secret: () => secret,
        onNotification: options.onNotification,
        log: options.log,
      });
    } catch (error) {
      // A port already taken must not stop payments: polling still finds every status, just later.
      options.log(`webhook listener not started: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  await apply(plan);
  const stop = settings.onChange(() => {
    queue = queue.then(() => apply(planFor(settings))).catch((error: unknown) => options.log(`webhook listener: ${String(error)}`));
  });

  return {
    url() {
      const current = settings.current();
      if (current.environment === 'embedded-sandbox') return receiver?.url;
      return current.webhookUrl.trim() || undefined;
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
