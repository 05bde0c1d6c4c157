import { useT } from '../../i18n/i18n.tsx';
import type { SettingsDraft } from './draft-bindings.ts';
import { CheckboxField, NumberField, TextField } from './fields.tsx';

// Settings → Updates → Logs to the chain's collector (electron/core/logging/syslog-forwarder.ts): on or off, where,
// and whether over TLS. How it goes (dropped lines) is in About → Check this till.

export function SyslogFieldset({ draft }: { draft: SettingsDraft }) {
  const t = useT();
  return (
    <fieldset data-testid="settings-syslog">
      <legend>{t('settings.syslog.legend')}</legend>
      <CheckboxField
        label={t('settings.syslog.enabled')}
        {...draft.groupField('syslog', 'enabled')}
        testId="settings-syslog-enabled"
      />
      {draft.settings.syslog.enabled && (
        <>
          <TextField
            label={t('settings.syslog.host')}
            maxLength={253}
            {...draft.groupField('syslog', 'host')}
            testId="settings-syslog-host"
          />
          <NumberField
            label={t('settings.syslog.port')}
            min={1}
            max={65_535}
            {...draft.groupField('syslog', 'port')}
            testId="settings-syslog-port"
          />
          <CheckboxField
            label={t('settings.syslog.tls')}
            {...draft.groupField('syslog', 'tls')}
            testId="settings-syslog-tls"
          />
        </>
      )}
      <p className="hint">{t('settings.syslog.hint')}</p>
    </fieldset>
  );
}
