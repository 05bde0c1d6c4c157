import { useEffect, useState } from 'react';
import type { PinLockoutRecord } from '../../../shared/settings.ts';
import { useBridge } from '../../api/bridge.tsx';
import { dateTime, localDay, time } from '../../components/format.ts';
import { useLocale, useT } from '../../i18n/i18n.tsx';
import { useAppStore } from '../../stores/app-store.ts';

// The wrong-PIN lockouts main has journalled (electron/core/settings/pin-lockout.ts), per PIN: how many today
// and when the last one was, so an admin sees someone guessing a PIN at steady pace, not only the lockout. A
// lockout changes no setting, so the view in the store may be older: it is asked again when this shows.

const PINS = ['supervisor', 'admin'] as const;
const NONE: readonly PinLockoutRecord[] = [];

export function PinLockouts() {
  const t = useT();
  const locale = useLocale();
  const bridge = useBridge();
  const known = useAppStore((state) => state.settingsView?.pinLockouts ?? NONE);
  const [lockouts, setLockouts] = useState<readonly PinLockoutRecord[]>(known);
  useEffect(() => {
    let shown = true;
    void bridge['settings.get']({}).then((result) => {
      if (shown && result.ok) setLockouts(result.value.pinLockouts);
    });
    return () => {
      shown = false;
    };
  }, [bridge]);

  const today = localDay();
  const lines = PINS.flatMap((pin) => {
    const ofPin = lockouts.filter((lockout) => lockout.pin === pin);
    const last = ofPin.at(-1);
    if (!last) return [];
    const name = t(pin === 'admin' ? 'settings.adminPinSecret' : 'settings.supervisorPin');
    const todayCount = ofPin.filter((lockout) => localDay(new Date(lockout.at)) === today).length;
    const line =
      todayCount === 0
        ? t('settings.pinLockouts.earlier', { pin: name, dateTime: dateTime(last.at, locale) })
        : todayCount === 1
          ? t('settings.pinLockouts.todayOnce', { pin: name, time: time(last.at, locale) })
          : t('settings.pinLockouts.today', { pin: name, count: todayCount, time: time(last.at, locale) });
    return [{ pin, line }];
  });

  return (
    <div className="pin-lockouts" data-testid="pin-lockouts">
      <h2 className="field-label">{t('settings.pinLockouts.title')}</h2>
      {lines.length === 0 ? (
        <p className="hint">{t('settings.pinLockouts.none')}</p>
      ) : (
        <ul>
          {lines.map(({ pin, line }) => (
            <li key={pin} data-testid={`pin-lockouts-${pin}`}>
              {line}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
