import { useT } from '../../i18n/i18n.tsx';
import type { SettingsDraft } from './draft-bindings.ts';
import { CheckboxField, TextField } from './fields.tsx';
import { SyslogFieldset } from './SyslogFieldset.tsx';
import { UpdateState } from './UpdateState.tsx';

// Settings → Updates: what the till runs and what waits (UpdateState), the feed and the maintenance window, and
// the computer it runs on (start at sign-in, screen kept on), and the logs' copy to the chain's collector.

export function UpdatesFieldset({ draft }: { draft: SettingsDraft }) {
  const t = useT();
  return (
    <>
      <fieldset>
        <legend>{t('settings.section.updates')}</legend>
        <UpdateState />
        <TextField
          label={t('settings.updates.feedUrl')}
          type="url"
          maxLength={300}
          hint={t('settings.updates.feedUrlHint')}
          {...draft.groupField('updates', 'feedUrl')}
          testId="settings-updates-feedUrl"
        />
        <TextField
          label={t('settings.updates.windowStart')}
          maxLength={5}
          {...draft.groupField('updates', 'windowStart')}
          testId="settings-updates-windowStart"
        />
        <TextField
          label={t('settings.updates.windowEnd')}
          maxLength={5}
          hint={t('settings.updates.windowHint')}
          {...draft.groupField('updates', 'windowEnd')}
          testId="settings-updates-windowEnd"
        />
      </fieldset>
      <fieldset>
        <legend>{t('settings.section.machine')}</legend>
        <CheckboxField
          label={t('settings.machine.launchAtLogin')}
          {...draft.groupField('machine', 'launchAtLogin')}
          testId="settings-machine-launchAtLogin"
        />
        <CheckboxField
          label={t('settings.machine.keepDisplayAwake')}
          {...draft.groupField('machine', 'keepDisplayAwake')}
          testId="settings-machine-keepDisplayAwake"
        />
        <p className="hint">{t('settings.machine.hint')}</p>
      </fieldset>
      <SyslogFieldset draft={draft} />
    </>
  );
}
