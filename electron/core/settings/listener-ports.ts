import type { ListenerName, ListenRefusal } from '../../../shared/status.ts';
import { notice, type Notice } from '../../../shared/notices.ts';
import type { Settings } from '../../../shared/settings.ts';
import { probePort } from '../http/listen-probe.ts';
import type { FieldNotices } from './settings-problems.ts';

// The webhook listeners' ports, as a Settings save takes them (the register connection's: ecr/register-module.ts): a
// port another program holds, one this computer refuses, or one the till itself listens on is refused next to
// its field, nothing saved. Checked only when the save moves a listener (a new port, or a real environment
// instead of the demo one, which listens on any free port); an unchanged one that cannot listen is the status
// bar's and Settings' to tell, and other settings still save.

/** The in-store notifications' and the order outcomes' listen ports, by field. */
const WEBHOOK_PORT_FIELDS = {
  webhookListenPort: 'payment-notifications',
  'tokenized.webhookListenPort': 'order-webhooks',
} as const satisfies Record<string, ListenerName>;
type WebhookPortField = keyof typeof WEBHOOK_PORT_FIELDS;

/** What the field says about a port the probe could not listen on. */
export function portRefusalNotice(refusal: ListenRefusal, port: number): Notice {
  return refusal === 'in-use'
    ? notice('settings.port-in-use', { port })
    : notice('settings.port-not-allowed', { port });
}

/** The ports the till listens on for each webhook, in these (candidate or saved) settings; 0 for none. */
function webhookPorts(settings: Readonly<Record<string, unknown>>): Record<WebhookPortField, number> {
  if (settings['environment'] === 'embedded-sandbox') return { webhookListenPort: 0, 'tokenized.webhookListenPort': 0 };
  const tokenized = (settings['tokenized'] ?? {}) as Record<string, unknown>;
  const port = (value: unknown): number => (typeof value === 'number' && value > 0 ? value : 0);
  return {
    webhookListenPort: port(settings['webhookListenPort']),
    'tokenized.webhookListenPort': port(tokenized['webhookListenPort']),
  };
}

export function webhookPortProblems(deps: {
  /** The settings as saved. */
  readonly current: () => Settings;
  /** The ports the till listens on besides its settings' listeners (its web host, the demo provider). */
  readonly ownPorts: () => readonly number[];
}): (candidate: Readonly<Record<string, unknown>>, known: FieldNotices) => Promise<FieldNotices> {
  return async (candidate, known) => {
    const next = webhookPorts(candidate);
    const now = webhookPorts(deps.current() as unknown as Record<string, unknown>);
    const ecr = (candidate['ecr'] ?? {}) as Record<string, unknown>;
    const problems: FieldNotices = {};
    for (const field of Object.keys(WEBHOOK_PORT_FIELDS) as WebhookPortField[]) {
      const port = next[field];
      if (port === 0 || port === now[field] || known[field]) continue;
      const tills = [
        ...deps.ownPorts(),
        ecr['enabled'] === true ? ecr['port'] : 0,
        ...Object.entries(next)
          .filter(([other]) => other !== field)
          .map(([, otherPort]) => otherPort),
      ];
      if (tills.includes(port)) {
        problems[field] = notice('settings.port-of-till', { port });
        continue;
      }
      // The webhook receivers listen on this computer only (a proxy forwards the provider's posts to them).
      const refusal = await probePort(port, '127.0.0.1');
      if (refusal) problems[field] = portRefusalNotice(refusal, port);
    }
    return problems;
  };
}
