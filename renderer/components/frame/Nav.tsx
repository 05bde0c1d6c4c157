import type { TerminalMode } from '../../../shared/settings.ts';
import { useT, type MessageKey } from '../../i18n/i18n.tsx';
import { useAppStore } from '../../stores/app-store.ts';
import type { ScreenName } from '../../stores/navigation.ts';
import { useShopOffered } from '../../screens/shop/shop-access.ts';
import { focusScreenStart } from './focus-screen.ts';

// Screens offered per mode: a refund counter starts on Refund and has no Sale; a kiosk shows no navigation
// to the customer (the frame hides this bar on its customer-facing screens). Linked customers are offered
// everywhere: holds are captured and customers unlinked at any counter.

type NavTarget = 'sale' | 'payments' | 'refund' | 'customers' | 'unresolved' | 'summary' | 'shop' | 'settings';

const ITEMS: Readonly<Record<TerminalMode, readonly NavTarget[]>> = {
  cashier: ['sale', 'payments', 'refund', 'customers', 'unresolved', 'summary', 'shop', 'settings'],
  'refund-counter': ['refund', 'payments', 'customers', 'unresolved', 'summary', 'shop', 'settings'],
  kiosk: ['sale', 'payments', 'customers', 'unresolved', 'summary', 'shop', 'settings'],
};

const LABEL: Readonly<Record<NavTarget, MessageKey>> = {
  sale: 'nav.sale',
  payments: 'nav.payments',
  refund: 'nav.refund',
  customers: 'nav.customers',
  unresolved: 'nav.unresolved',
  summary: 'nav.summary',
  shop: 'nav.shop',
  settings: 'nav.settings',
};

/** Which nav item a screen belongs to (the payment view belongs to Sale, a payment's detail to Payments). */
const SECTION: Readonly<Record<ScreenName, NavTarget | null>> = {
  sale: 'sale',
  charging: 'sale',
  payment: 'sale',
  scan: 'sale',
  payments: 'payments',
  'payment-detail': 'payments',
  refund: 'refund',
  customers: 'customers',
  unresolved: 'unresolved',
  summary: 'summary',
  shop: 'shop',
  settings: 'settings',
  // Reached from the header, whose Shift button is marked instead (SessionControls).
  shift: null,
};

export function homeScreenOf(mode: TerminalMode): NavTarget {
  return ITEMS[mode][0]!;
}

export function Nav({ mode }: { mode: TerminalMode }) {
  const t = useT();
  const screen = useAppStore((state) => state.screen);
  const navigate = useAppStore((state) => state.navigate);
  const current = SECTION[screen.name];
  // The Shop screen only with the head office on, for whoever may read it (shop-access.ts).
  const shopOffered = useShopOffered();
  return (
    <nav className="app-nav" aria-label={t('nav.label')}>
      <ul>
        {ITEMS[mode]
          .filter((item) => item !== 'shop' || shopOffered)
          .map((item) => (
            <li key={item}>
              <button
                type="button"
                className="nav-button"
                aria-current={item === current ? 'page' : undefined}
                data-testid={`nav-${item}`}
                onClick={() => {
                  navigate({ name: item });
                  focusScreenTitle();
                }}
              >
                {t(LABEL[item])}
              </button>
            </li>
          ))}
      </ul>
    </nav>
  );
}

/** After a nav click, focus leaves the nav button for the screen (see focusScreenStart). */
function focusScreenTitle(): void {
  requestAnimationFrame(() => focusScreenStart(document.querySelector('main')));
}
