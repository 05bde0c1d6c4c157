import { useEffect, useState } from 'react';
import type { SettingsView } from '../../../shared/settings.ts';
import { BUILT_IN_STAFF_IDS } from '../../../shared/staff.ts';
import { useBridge } from '../../api/bridge.tsx';
import { useT } from '../../i18n/i18n.tsx';
import { useAppStore } from '../../stores/app-store.ts';
import type { SettingsSection } from '../settings/settings-sections.ts';

// Issue 39, first run: a till still on the demo says what stands between it and real sales, each step ticked
// from what is saved (the settings view's has-flags, staff settings, the printer) and one tap from its section.
// The DEMO banner links here.

export const TILL_SETUP_ID = 'till-setup';

interface SetupStep {
  readonly key: 'setup.adminPin' | 'setup.staff' | 'setup.signIn' | 'setup.provider' | 'setup.printer';
  readonly section: SettingsSection;
  readonly done: boolean;
}

export function tillSetupSteps(view: SettingsView, activeStaff: number): readonly SetupStep[] {
  const { settings, secrets } = view;
  return [
    { key: 'setup.adminPin', section: 'pins', done: secrets.adminPin },
    { key: 'setup.staff', section: 'staff', done: activeStaff > 0 },
    { key: 'setup.signIn', section: 'staff', done: settings.staff.signInRequired },
    {
      key: 'setup.provider',
      section: 'connection',
      done: settings.accessKeyId !== '' && secrets.accessKeySecret && settings.posId !== '',
    },
    // The system printer is the default nobody chose; a network or device printer is this till's own.
    { key: 'setup.printer', section: 'devices', done: settings.printer.kind !== 'system' },
  ];
}

export function TillSetup() {
  const view = useAppStore((state) => state.settingsView);
  return view?.demo ? <TillSetupList view={view} /> : null;
}

function TillSetupList({ view }: { view: SettingsView }) {
  const t = useT();
  const navigate = useAppStore((state) => state.navigate);
  const activeStaff = useActiveStaffCount();
  return (
    <section id={TILL_SETUP_ID} className="till-setup" aria-labelledby="till-setup-title" data-testid="till-setup">
      <h2 id="till-setup-title" tabIndex={-1}>
        {t('setup.title')}
      </h2>
      <p className="hint">{t('setup.intro')}</p>
      <ul>
        {tillSetupSteps(view, activeStaff).map((step) => (
          <li key={step.key} data-testid={`till-setup-${step.key.slice('setup.'.length)}`} data-done={step.done}>
            <span className="till-setup-mark" aria-hidden="true">
              {step.done ? '✓' : '○'}
            </span>{' '}
            <span className="till-setup-step">{t(step.key)}</span>{' '}
            <span className="visually-hidden">{t(step.done ? 'setup.done' : 'setup.todo')}</span>{' '}
            <button
              type="button"
              className="button button-small"
              onClick={() => navigate({ name: 'settings', section: step.section })}
            >
              {t('setup.open')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The people added to sign in: the list is the core's (staff.list), not part of the settings view. The built-in
 * Admin and Supervisor are listed as soon as their PIN is set; they are not the staff this step asks for.
 */
function useActiveStaffCount(): number {
  const bridge = useBridge();
  const [count, setCount] = useState(0);
  useEffect(() => {
    let current = true;
    void bridge['staff.list']({}).then((result) => {
      if (current && result.ok)
        setCount(result.value.staff.filter((member) => member.active && !BUILT_IN.has(member.id)).length);
    });
    return () => {
      current = false;
    };
  }, [bridge]);
  return count;
}
const BUILT_IN: ReadonlySet<string> = new Set(Object.values(BUILT_IN_STAFF_IDS));
