import { notice, type Notice } from '../../../shared/notices.ts';
import type { SyslogSettings } from '../../../shared/settings.ts';
import type { SyslogState } from './syslog-forwarder.ts';

/** "Check this till"'s line for the logs' collector: off, sending, or down and how many lines it dropped. */
export function syslogHealth(settings: SyslogSettings, state: SyslogState): { ok: boolean; detail: Notice } {
  const where = { host: settings.host, port: settings.port };
  if (state.state === 'off') return { ok: true, detail: notice('health.syslog-off') };
  if (state.state === 'connected')
    return { ok: true, detail: notice('health.syslog-connected', { ...where, dropped: state.dropped }) };
  return { ok: false, detail: notice('health.syslog-down', { ...where, dropped: state.dropped }) };
}
