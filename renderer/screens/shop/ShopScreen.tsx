import { useState } from 'react';
import { DayField } from '../../components/DayField.tsx';
import { localDay } from '../../components/format.ts';
import { useT } from '../../i18n/i18n.tsx';
import { ShopDayTable } from './ShopDayTable.tsx';
import { ShopTillsTable } from './ShopTillsTable.tsx';

// The Shop screen (issue 34): every till of this shop as the head office knows it — the shop's day, till by
// till with the shop's totals, for a day picked as on the Day summary, and the tills themselves (online, who is
// signed in, open shift, payments in doubt, printer). Read from the head office's PostgreSQL through the core;
// kept current every 30 s.

export function ShopScreen() {
  const t = useT();
  const [day, setDay] = useState(() => localDay());
  return (
    <section className="screen shop-screen" aria-labelledby="shop-title" data-testid="shop-screen">
      <h1 id="shop-title" tabIndex={-1} className="screen-title">
        {t('shop.title')}
      </h1>
      <div className="filters">
        <DayField id="shop-day" label={t('summary.day')} value={day} onChange={setDay} testId="shop-day-field" />
      </div>
      <ShopDayTable day={day} />
      <ShopTillsTable />
    </section>
  );
}
