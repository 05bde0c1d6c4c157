import { useCallback, useEffect, useState } from 'react';
import type { PosBridge } from '../shared/contract.ts';
import type { AppInfo, StatusSnapshot } from '../shared/status.ts';
import type { AppError } from '../shared/result.ts';
import type { SettingsView } from '../shared/settings.ts';
import { useBridge } from './api/bridge.tsx';
import { ErrorText } from './components/ErrorText.tsx';
import { AppFrame } from './components/frame/AppFrame.tsx';
import { homeScreenOf } from './components/frame/Nav.tsx';
import { LiveWiring } from './components/frame/LiveWiring.tsx';
import { StaffWiring } from './components/frame/StaffWiring.tsx';
import { TrainingWiring } from './components/training/TrainingWiring.tsx';
import { LocaleProvider, translate } from './i18n/i18n.tsx';
import { useAppStore } from './stores/app-store.ts';
import { useTerminal } from './stores/terminal.ts';

// The cashier's app: load what the terminal is (app.info, settings, status), then show the frame and keep
// it current through the contract's events.

export function App() {
  const bridge = useBridge();
  const [failure, setFailure] = useState<AppError | null>(null);
  const [ready, setReady] = useState(false);
  const { setInfo, setSettingsView, setStatus, navigate } = useAppStore.getState();

  const boot = useCallback(
    (): Promise<void> =>
      loadTerminal(bridge).then((loaded) => {
        if ('failure' in loaded) {
          setFailure(loaded.failure);
          return;
        }
        setInfo(loaded.info);
        if (loaded.settings) setSettingsView(loaded.settings);
        if (loaded.status) setStatus(loaded.status);
        navigate({ name: homeScreenOf(loaded.settings?.settings.mode ?? loaded.info.mode) });
        setReady(true);
      }),
    [bridge, setInfo, setSettingsView, setStatus, navigate],
  );

  useEffect(() => {
    void boot();
  }, [boot]);

  const terminal = useTerminal();
  // Until the frame shows (it sets the language of its own screens: a kiosk's customer screens may differ).
  useEffect(() => {
    if (!ready) document.documentElement.lang = terminal.locale;
  }, [terminal.locale, ready]);

  if (!ready) {
    return (
      <div
        className="boot-screen"
        data-testid={failure ? 'bridge-error' : 'app-loading'}
        role={failure ? 'alert' : 'status'}
      >
        {failure ? (
          <>
            <p>{translate(terminal.locale, 'app.bridgeError')}</p>
            <ErrorText error={failure} testId="bridge-error-message" />
            <button
              type="button"
              className="button button-primary"
              onClick={() => {
                setFailure(null);
                void boot();
              }}
              data-testid="bridge-retry"
            >
              {translate(terminal.locale, 'app.retry')}
            </button>
          </>
        ) : (
          <p>{translate(terminal.locale, 'app.loading')}</p>
        )}
      </div>
    );
  }
  return (
    <LocaleProvider locale={terminal.locale}>
      <LiveWiring />
      <StaffWiring />
      <TrainingWiring />
      <AppFrame />
    </LocaleProvider>
  );
}

type Loaded =
  | { readonly failure: AppError }
  | { readonly info: AppInfo; readonly settings: SettingsView | null; readonly status: StatusSnapshot | null };

/** app.info must answer (without it there is no terminal to show); settings and status may follow later. */
async function loadTerminal(bridge: PosBridge): Promise<Loaded> {
  const info = await bridge['app.info']({});
  if (!info.ok) return { failure: info.error };
  const [settings, status] = await Promise.all([bridge['settings.get']({}), bridge['status.get']({})]);
  return { info: info.value, settings: settings.ok ? settings.value : null, status: status.ok ? status.value : null };
}
