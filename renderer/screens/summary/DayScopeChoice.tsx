import { useT } from '../../i18n/i18n.tsx';

export type DayScope = 'till' | 'shop';

/**
 * "This till / The whole shop" (issue 34): with the head office on, the Day summary also shows the shop's day
 * (shop.day), every till of the shop with the shop's totals. Two radio buttons: the arrow keys move between them.
 */
export function DayScopeChoice({ scope, onChange }: { scope: DayScope; onChange: (scope: DayScope) => void }) {
  const t = useT();
  return (
    <fieldset className="day-scope" data-testid="summary-scope">
      <legend className="visually-hidden">{t('summary.scope')}</legend>
      {(['till', 'shop'] as const).map((value) => (
        <label key={value} className={`day-scope-option${scope === value ? ' day-scope-chosen' : ''}`}>
          <input
            type="radio"
            name="summary-scope"
            value={value}
            checked={scope === value}
            onChange={() => onChange(value)}
            data-testid={`summary-scope-${value}`}
          />
          {value === 'till' ? t('summary.scopeTill') : t('summary.scopeShop')}
        </label>
      ))}
    </fieldset>
  );
}
