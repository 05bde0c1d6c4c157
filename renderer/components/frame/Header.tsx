import { useEffect, useState } from 'react';
import { useT } from '../../i18n/i18n.tsx';
import { customerDisplayUrl, storedAccessToken } from '../../api/token.ts';
import { useAppStore } from '../../stores/app-store.ts';
import { useTerminal } from '../../stores/terminal.ts';
import { SessionControls } from './SessionControls.tsx';

/**
 * Merchant and terminal, and in the browser preview a link to open the customer display. In front of a kiosk
 * customer only the merchant: the terminal's ids are staff information.
 */
export function Header({ customerFacing = false }: { customerFacing?: boolean }) {
  const t = useT();
  const terminal = useTerminal();
  // In Electron, main opens the customer display as a second window; in the browser preview it is a page.
  const web = useAppStore((state) => state.info?.transport === 'web');
  const navigate = useAppStore((state) => state.navigate);
  // A kiosk customer must not be able to open another page from here.
  const displayLink = useCustomerDisplayUrl(web && terminal.mode !== 'kiosk');
  return (
    <header className="app-header" data-testid="app-header">
      <img className="app-logo" src="./icons/app-icon.svg" alt="" width={36} height={36} />
      <div className="app-identity">
        <span className="merchant-name" data-testid="merchant-name">
          {terminal.merchantName}
        </span>
        {!customerFacing && (
          <span className="terminal-id" data-testid="terminal-id">
            {terminal.posId
              ? t('app.terminal', { posId: terminal.posId, terminalReference: terminal.terminalReference })
              : t('app.terminalNoPos', { terminalReference: terminal.terminalReference })}
          </span>
        )}
      </div>
      {terminal.mode === 'kiosk' && (
        <button
          type="button"
          className="button button-small header-admin"
          onClick={() => navigate({ name: 'settings' })}
          data-testid="kiosk-admin"
        >
          {t('nav.admin')}
        </button>
      )}
      {/* Staff names are staff information: never in front of a customer, never at a kiosk. */}
      {!customerFacing && terminal.mode !== 'kiosk' && <SessionControls />}
      {displayLink && (
        <a
          className="header-link"
          href={displayLink}
          target="_blank"
          rel="noopener"
          data-testid="open-customer-display"
        >
          {t('nav.customerDisplay')}
        </a>
      )}
    </header>
  );
}

/** The preview's customer-display address, with the display's own token (derived asynchronously). */
function useCustomerDisplayUrl(wanted: boolean): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!wanted) return;
    let current = true;
    void customerDisplayUrl(location.origin, storedAccessToken(sessionStorage)).then((made) => current && setUrl(made));
    return () => {
      current = false;
    };
  }, [wanted]);
  return wanted ? url : null;
}

/**
 * The checklist's top at the top of the screen (the whole list in view, not only its title at the bottom edge),
 * its title focused. Only the screen scrolls (frame.css): scrollIntoView would move the frame itself too.
 */
function showTillSetup(): void {
  const section = document.getElementById('till-setup');
  const screen = section?.closest<HTMLElement>('.app-main');
  if (section && screen) screen.scrollTop += section.getBoundingClientRect().top - screen.getBoundingClientRect().top;
  document.getElementById('till-setup-title')?.focus({ preventScroll: true });
}

export function DemoBanner() {
  const t = useT();
  const navigate = useAppStore((state) => state.navigate);
  // A kiosk's customer is not the one to set the till up.
  const kiosk = useTerminal().mode === 'kiosk';
  return (
    <div className="demo-banner" role="note" data-testid="demo-banner">
      {t('app.demoBanner')}
      {!kiosk && (
        <button
          type="button"
          className="demo-banner-link"
          onClick={() => {
            navigate({ name: 'sale' });
            requestAnimationFrame(showTillSetup);
          }}
          data-testid="demo-setup-link"
        >
          {t('setup.link')}
        </button>
      )}
    </div>
  );
}
