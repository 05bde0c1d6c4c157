import { PosError } from '../../../shared/errors.ts';
import { notice, type Notice } from '../../../shared/notices.ts';
import { SECRET_NAMES, settingsSchema, type SecretName, type Settings } from '../../../shared/settings.ts';
import { PIN_PATTERN } from './pin.ts';
import { isAcceptableServiceUrl } from './service-url.ts';
import { settingsIssueNotice } from './settings-issues.ts';

// Everything wrong with a save, found in one pass: each field the admin has to fix, with what is wrong with it,
// so the screen shows them all at once next to their fields instead of one per attempt.

/** Field (dotted path or secret name) → what is wrong with it. */
export type FieldNotices = Record<string, Notice>;

/** The schema's problems, then the addresses' (only where the schema let the value through). */
export function settingsProblems(candidate: Record<string, unknown>): {
  readonly settings: Settings | null;
  readonly problems: FieldNotices;
} {
  const problems: FieldNotices = {};
  const parsed = settingsSchema.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path.map(String).join('.');
      // The first problem of a field is the one to fix first.
      problems[field] ??= settingsIssueNotice(issue);
    }
  }
  const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
  const tokenized = (candidate.tokenized ?? {}) as Record<string, unknown>;
  const customBaseUrl = text(candidate.customBaseUrl);
  if (
    candidate.environment === 'custom' &&
    customBaseUrl !== null &&
    !problems.customBaseUrl &&
    !isAcceptableServiceUrl(customBaseUrl)
  ) {
    problems.customBaseUrl = notice('settings.https-or-local');
  }
  // Used only for `custom`, but checked whenever typed: a bad address must not wait for the day someone
  // switches the environment to be refused.
  const gateway = text(tokenized.customBaseUrl);
  if (gateway !== null && gateway !== '' && !problems['tokenized.customBaseUrl'] && !isAcceptableServiceUrl(gateway)) {
    problems['tokenized.customBaseUrl'] = notice('settings.https-or-local-or-empty');
  }
  // The update feed: what it serves is installed on the till, so never over plain http across a network.
  const updates = (candidate.updates ?? {}) as Record<string, unknown>;
  const feedUrl = text(updates.feedUrl);
  if (feedUrl !== null && feedUrl !== '' && !problems['updates.feedUrl'] && !isAcceptableServiceUrl(feedUrl)) {
    problems['updates.feedUrl'] = notice('settings.https-or-local-or-empty');
  }
  for (const [field, value] of [
    ['webhookUrl', text(candidate.webhookUrl)],
    ['tokenized.callbackUrl', text(tokenized.callbackUrl)],
    ['tokenized.webhookUrl', text(tokenized.webhookUrl)],
  ] as const) {
    if (value !== null && value !== '' && !problems[field] && !isAcceptableServiceUrl(value))
      problems[field] = notice('settings.https-or-empty');
  }
  // An ESC/POS printer needs somewhere to send to; the system printer needs neither.
  const printer = (candidate.printer ?? {}) as Record<string, unknown>;
  if (printer.kind === 'network' && text(printer.host)?.trim() === '' && !problems['printer.host'])
    problems['printer.host'] = notice('settings.printer-host-missing');
  if (printer.kind === 'device' && text(printer.path)?.trim() === '' && !problems['printer.path'])
    problems['printer.path'] = notice('settings.printer-path-missing');
  const syslog = (candidate.syslog ?? {}) as Record<string, unknown>;
  if (syslog.enabled === true && text(syslog.host)?.trim() === '' && !problems['syslog.host'])
    problems['syslog.host'] = notice('settings.syslog-host-missing');
  return { settings: parsed.success && Object.keys(problems).length === 0 ? parsed.data : null, problems };
}

/** What is wrong with the secrets typed: a PIN of 4 to 12 digits, a secret without spaces around it. */
export function secretProblems(secrets: Partial<Record<SecretName, string | null>>): FieldNotices {
  const problems: FieldNotices = {};
  for (const name of SECRET_NAMES) {
    const value = secrets[name];
    if (typeof value !== 'string') continue;
    if (name === 'supervisorPin' || name === 'adminPin') {
      if (!PIN_PATTERN.test(value)) problems[name] = notice('settings.pin-digits');
    } else if (value.trim() === '') problems[name] = notice('settings.secret-empty');
    else if (value !== value.trim()) problems[name] = notice('settings.secret-spaces');
  }
  return problems;
}

/**
 * A real environment is either complete or not saved: without its access key id, secret and terminal id
 * (posId) every payment would be refused at the counter. The demo (embedded sandbox) uses its own.
 */
export function liveCredentialProblems(
  candidate: Record<string, unknown>,
  accessKeySecretAfterSave: boolean,
): FieldNotices {
  if (candidate.environment === 'embedded-sandbox') return {};
  const problems: FieldNotices = {};
  if (typeof candidate.accessKeyId !== 'string' || candidate.accessKeyId.trim() === '')
    problems.accessKeyId = notice('settings.required-for-live');
  if (!accessKeySecretAfterSave) problems.accessKeySecret = notice('settings.required-for-live');
  if (typeof candidate.posId !== 'string' || candidate.posId.trim() === '')
    problems.posId = notice('settings.required-for-live');
  return problems;
}

/** Refuses with every problem (the first one also as the error's own notice and `details.field`). */
export function refuseIfAny(problems: FieldNotices): void {
  const fields = Object.keys(problems);
  if (fields.length === 0) return;
  const first = fields[0]!;
  throw new PosError('settings.invalid', {
    notice: problems[first]!,
    details: { field: first, count: fields.length },
    fieldNotices: problems,
  });
}
