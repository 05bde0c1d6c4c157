import { useEffect, useRef, type KeyboardEvent } from 'react';
import { useT } from '../../i18n/i18n.tsx';
import { SETTINGS_SECTIONS, type SettingsSection } from './settings-sections.ts';

/** The sections as tabs (arrow keys move between them), each with the number of problems it holds. */
export function SectionTabs({
  current,
  counts,
  onSelect,
}: {
  current: SettingsSection;
  counts: Readonly<Record<SettingsSection, number>>;
  onSelect: (section: SettingsSection) => void;
}) {
  const t = useT();
  const row = useRef<HTMLDivElement>(null);
  // The row scrolls sideways where the screen is too narrow for every tab: the chosen one is brought whole into
  // view (arrow keys, a tap on a half-hidden tab, a refused save opening the section of its first problem).
  useEffect(() => {
    const list = row.current;
    const tab = list?.querySelector<HTMLElement>('[aria-selected="true"]');
    if (!list || !tab) return;
    const margin = 24;
    if (tab.offsetLeft < list.scrollLeft) list.scrollLeft = Math.max(0, tab.offsetLeft - margin);
    else if (tab.offsetLeft + tab.offsetWidth > list.scrollLeft + list.clientWidth)
      list.scrollLeft = tab.offsetLeft + tab.offsetWidth - list.clientWidth + margin;
  }, [current]);
  const move = (event: KeyboardEvent<HTMLButtonElement>): void => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const index = (SETTINGS_SECTIONS.indexOf(current) + step + SETTINGS_SECTIONS.length) % SETTINGS_SECTIONS.length;
    const next = SETTINGS_SECTIONS[index]!;
    onSelect(next);
    document.getElementById(`settings-tab-${next}`)?.focus();
  };
  return (
    <div role="tablist" aria-label={t('settings.sections')} className="settings-tabs" ref={row}>
      {SETTINGS_SECTIONS.map((id) => (
        <button
          key={id}
          type="button"
          role="tab"
          id={`settings-tab-${id}`}
          aria-selected={current === id}
          aria-controls={`settings-panel-${id}`}
          tabIndex={current === id ? 0 : -1}
          className="settings-tab"
          onClick={() => onSelect(id)}
          onKeyDown={move}
          data-testid={`settings-tab-${id}`}
        >
          {t(`settings.tab.${id}`)}
          {counts[id] > 0 && (
            <span className="settings-tab-problems" data-testid={`settings-tab-problems-${id}`}>
              {' '}
              <span aria-hidden="true">{counts[id]}</span>
              <span className="visually-hidden">{t('settings.tabProblems', { count: counts[id] })}</span>
            </span>
          )}
        </button>
      ))}
    </div>
  );
}
