import type { ProviderAccess } from '../provider/provider-access.ts';
import type { SettingsService } from '../settings/settings-service.ts';
import type { ListenerBoard } from '../status/listener-board.ts';
import { followSettingsListener, type ListenerPlan } from '../http/settings-listener.ts';
import {
  startInstoreWebhookReceiver,
  type InstoreNotification,
  type NotificationCredentials,
} from './instore-webhook-receiver.ts';

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

function planFor(settings: SettingsService): ListenerPlan {
  const current = settings.current();
  if (current.environment === 'embedded-sandbox') return { listen: true, port: 0 };
  const publicUrl = current.webhookUrl.trim() || undefined;
  return { listen: current.webhookListenPort > 0, port: current.webhookListenPort, publicUrl };
}

export async function startNotificationListener(options: {
  readonly settings: SettingsService;
  readonly provider: ProviderAccess;
  readonly onNotification: (notification: InstoreNotification) => void;
  readonly log: (line: string) => void;
  /** Where a port it cannot have is said (the status bar, Settings); absent in tests of the service alone. */
  readonly listeners?: ListenerBoard | undefined;
}): Promise<NotificationListener> {
  const { settings, provider } = options;
  let credentials: NotificationCredentials | null = null;
  const listener = await followSettingsListener({
    plan: () => planFor(settings),
    onSettingsChange: (listen) => settings.onChange(listen),
    // The key can change without the plan changing (other credentials): re-read it every time.
    beforeApply: async () => {
      credentials = await provider.notificationCredentials();
    },
    start: (plan) =>
      startInstoreWebhookReceiver({
        port: plan.port,
        publicUrl: plan.publicUrl,
        credentials: () => credentials,
        onNotification: options.onNotification,
        log: options.log,
      }),
    label: 'webhook listener',
    log: options.log,
    report: (failure) =>
      failure
        ? options.listeners?.failed('payment-notifications', failure.port, failure.error)
        : options.listeners?.listening('payment-notifications'),
  });

  return {
    url() {
      const current = settings.current();
      if (current.environment === 'embedded-sandbox') return listener.receiverUrl();
      return current.webhookUrl.trim() || undefined;
    },
    close: () => listener.close(),
  };
}
