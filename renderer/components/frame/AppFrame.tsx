import { useEffect, useRef, type RefObject } from 'react';
import type { JournalProblem } from '../../../shared/journal.ts';
import { LocaleProvider, useT } from '../../i18n/i18n.tsx';
import { CUSTOMER_FACING, useAppStore } from '../../stores/app-store.ts';
import type { Screen } from '../../stores/navigation.ts';
import { useTerminal } from '../../stores/terminal.ts';
import { CustomersScreen } from '../../screens/customers/CustomersScreen.tsx';
import { PaymentScreen } from '../../screens/live-payment/PaymentScreen.tsx';
import { PaymentDetailScreen } from '../../screens/payments/PaymentDetailScreen.tsx';
import { PaymentsScreen } from '../../screens/payments/PaymentsScreen.tsx';
import { RefundScreen } from '../../screens/refund/RefundScreen.tsx';
import { SaleScreen } from '../../screens/sale/SaleScreen.tsx';
import { ScanScreen } from '../../screens/scan/ScanScreen.tsx';
import { SettingsScreen } from '../../screens/settings/SettingsScreen.tsx';
import { SummaryScreen } from '../../screens/summary/SummaryScreen.tsx';
import { UnresolvedScreen } from '../../screens/unresolved/UnresolvedScreen.tsx';
import { ShiftScreen } from '../../screens/shift/ShiftScreen.tsx';
import { ShopScreen } from '../../screens/shop/ShopScreen.tsx';
import { SignInScreen } from '../../screens/sign-in/SignInScreen.tsx';
import { focusScreenStart } from './focus-screen.ts';
import { DemoBanner, Header } from './Header.tsx';
import { HeldRegisterSaleBanner } from './HeldRegisterSaleBanner.tsx';
import { JournalProblemsScreen } from '../../screens/journal-problems/JournalProblemsScreen.tsx';
import { Nav } from './Nav.tsx';
import { NoticeBar } from './NoticeBar.tsx';
import { OpenPaymentBanner } from './OpenPaymentBanner.tsx';
import { OvernightShiftBanner } from './OvernightShiftBanner.tsx';
import { ChainBrokenBanner } from './ChainBrokenBanner.tsx';
import { ShiftOffer } from './ShiftOffer.tsx';
import { useSignInGate } from '../../hooks/use-sign-in-gate.ts';
import { StatusBar } from './StatusBar.tsx';
import { useLargeText } from '../../hooks/use-large-text.ts';
import { TrainingBanner } from '../training/TrainingBanner.tsx';

// The frame a cashier lives in: demo banner, header, navigation, the screen, the status bar.

export function AppFrame() {
  const terminal = useTerminal();
  const screen = useAppStore((state) => state.screen);
  // The saved settings decide, as soon as they are saved; the boot-time facts only until they are loaded.
  const demo = useAppStore((state) =>
    state.settingsView ? state.settingsView.demo : Boolean(state.info?.demo || state.status?.demo),
  );
  const mainRef = useRef<HTMLElement>(null);
  // A kiosk never shows navigation to the customer: only an admin who gave the PIN (when one is set) gets it.
  const adminOpen = useAppStore((state) => state.adminUnlocked || !state.settingsView?.secrets.adminPin);
  const showNav = terminal.mode !== 'kiosk' || (!CUSTOMER_FACING.has(screen.name) && adminOpen);
  // What a kiosk customer sees carries no staff information: no status line, no terminal id.
  const customerFacing = !showNav;
  // Nothing is sold or refunded until someone signs in; Settings keep their own admin PIN.
  const signInFirst = useSignInGate() && screen.name !== 'settings';
  // A kiosk's customer screens speak the customer-facing language (Settings), which may differ from the staff's.
  const locale = customerFacing ? terminal.customerLocale : terminal.locale;
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  useLargeText(customerFacing && terminal.settings.customerHelp.largeText);

  // Move focus into the new screen (its first field to type in, or its heading) so a screen reader
  // announces where the cashier is now.
  const screenKey = signInFirst ? 'sign-in' : screenKeyOf(screen);
  useEffect(() => {
    if (!focusScreenStart(mainRef.current)) mainRef.current?.focus({ preventScroll: true });
  }, [screenKey]);

  return (
    <LocaleProvider locale={locale}>
      <FrameContents
        customerFacing={customerFacing}
        showNav={showNav}
        demo={demo}
        screen={screen}
        mainRef={mainRef}
        signInFirst={signInFirst}
      />
    </LocaleProvider>
  );
}

function FrameContents({
  customerFacing,
  showNav,
  demo,
  screen,
  mainRef,
  signInFirst,
}: {
  customerFacing: boolean;
  showNav: boolean;
  demo: boolean;
  screen: Screen;
  mainRef: RefObject<HTMLElement | null>;
  /** The sign-in screen stands in front of this one (use-sign-in-gate.ts). */
  signInFirst: boolean;
}) {
  // Inside the frame's LocaleProvider: the words follow the customer-facing language on a kiosk's customer screens.
  const t = useT();
  const terminal = useTerminal();
  const journalProblems = useAppStore((state) => state.status?.journalProblems ?? NO_PROBLEMS);
  const blocked = isBlockedByJournal(screen.name, journalProblems);
  return (
    <div
      className={`app-frame mode-${terminal.mode}${terminal.kiosk ? ' kiosk' : ''}${demo ? ' demo' : ''}`}
      data-testid="app-frame"
      data-mode={terminal.mode}
      data-screen={screen.name}
    >
      <button type="button" className="skip-link" onClick={() => mainRef.current?.focus()}>
        {t('app.skipToContent')}
      </button>
      {demo && <DemoBanner />}
      {!customerFacing && <TrainingBanner />}
      <Header customerFacing={customerFacing} />
      {showNav && <Nav mode={terminal.mode} />}
      <main id="main" ref={mainRef} tabIndex={-1} className="app-main">
        <NoticeBar />
        {/* A kiosk cancels an unpaid QR itself; at the counter the cashier decides (once signed in). */}
        {terminal.mode !== 'kiosk' && !blocked && <OpenPaymentBanner actions={!signInFirst} />}
        {/* A kiosk's customer is not offered the register's sale: it shows once the kiosk is free. */}
        {terminal.mode !== 'kiosk' && !blocked && !signInFirst && <HeldRegisterSaleBanner />}
        {!customerFacing && terminal.mode !== 'kiosk' && !signInFirst && <OvernightShiftBanner />}
        {!customerFacing && terminal.mode !== 'kiosk' && !signInFirst && <ChainBrokenBanner />}
        {!customerFacing && terminal.mode !== 'kiosk' && !signInFirst && <ShiftOffer />}
        {blocked ? (
          <JournalProblemsScreen problems={journalProblems} />
        ) : signInFirst ? (
          <SignInScreen />
        ) : (
          <CurrentScreen screen={screen} />
        )}
      </main>
      {!customerFacing && <StatusBar />}
    </div>
  );
}

const NO_PROBLEMS: readonly JournalProblem[] = [];

/**
 * A refused payment journal stops every screen but Settings (nothing the till shows or takes would be
 * right); a refused linked-customer journal stops the Customers screen and the day summary (which adds its
 * takings). The core refuses the same calls with journal.lost.
 */
function isBlockedByJournal(name: Screen['name'], problems: readonly JournalProblem[]): boolean {
  if (problems.some((problem) => problem.journal === 'payments')) return name !== 'settings';
  if (problems.some((problem) => problem.journal === 'customers')) return name === 'customers' || name === 'summary';
  return false;
}

function screenKeyOf(screen: Screen): string {
  // A charge keeps its screen from the click to the answer: the Payment screen stays, its QR is drawn into it.
  if (screen.name === 'charging' || (screen.name === 'payment' && screen.chargeId))
    return `payment:charge:${screen.chargeId}`;
  if ('referenceId' in screen) return `${screen.name}:${screen.referenceId ?? ''}`;
  if ('merchantUserId' in screen) return `${screen.name}:${screen.merchantUserId ?? ''}`;
  return screen.name;
}

function CurrentScreen({ screen }: { screen: Screen }) {
  switch (screen.name) {
    case 'sale':
      return <SaleScreen />;
    case 'charging':
      return <PaymentScreen referenceId={null} />;
    case 'payment':
      return <PaymentScreen referenceId={screen.referenceId} />;
    case 'scan':
      return <ScanScreen registerSale={screen.registerSale} />;
    case 'payments':
      return <PaymentsScreen />;
    case 'payment-detail':
      return <PaymentDetailScreen referenceId={screen.referenceId} />;
    case 'refund':
      return <RefundScreen referenceId={screen.referenceId} />;
    case 'unresolved':
      return <UnresolvedScreen />;
    case 'summary':
      return <SummaryScreen />;
    case 'customers':
      return <CustomersScreen merchantUserId={screen.merchantUserId} />;
    case 'settings':
      return <SettingsScreen />;
    case 'shift':
      return <ShiftScreen />;
    case 'shop':
      return <ShopScreen />;
  }
}
