import { useEffect, useState } from 'react';
import type { ConsentOnDisplay } from '../../../shared/consent.ts';
import { useBridge } from '../../api/bridge.tsx';
import { useBridgeEvent } from '../../hooks/use-bridge-event.ts';
import { useT } from '../../i18n/i18n.tsx';
import { openPopupAt } from '../customers/consent-popup.ts';

// Linking a customer's wallet, on the customer's side of the counter: the till sends the wallet's consent page
// here (never to the cashier's screen), the customer opens it with their own touch and approves or declines
// there. The offer goes away once the link is done, refused or over.

const CHECK_MS = 2_000;

export function useConsentOffer(): ConsentOnDisplay | null {
  const bridge = useBridge();
  const [offer, setOffer] = useState<ConsentOnDisplay | null>(null);
  useBridgeEvent('customers.consentOnDisplay', setOffer);
  const linkToken = offer?.linkToken ?? null;
  useEffect(() => {
    if (linkToken === null) return;
    const timer = setInterval(() => {
      void bridge['customers.linkStatus']({ linkToken }).then((result) => {
        if (!result.ok || result.value.state !== 'waiting')
          setOffer((current) => (current?.linkToken === linkToken ? null : current));
      });
    }, CHECK_MS);
    return () => clearInterval(timer);
  }, [bridge, linkToken]);
  return offer;
}

export function ConsentOffer({ offer, merchantName }: { offer: ConsentOnDisplay; merchantName: string }) {
  const t = useT();
  const [blocked, setBlocked] = useState(false);
  return (
    <div
      className="customer-consent"
      role="region"
      aria-labelledby="customer-consent-title"
      data-testid="customer-consent"
    >
      <h1 id="customer-consent-title" className="customer-welcome">
        {t('customer.consentTitle', { merchant: merchantName })}
      </h1>
      <p>{t('customer.consentExplain')}</p>
      <button
        type="button"
        className="button button-primary button-huge"
        onClick={() => setBlocked(!openPopupAt(offer.url))}
        data-testid="customer-consent-open"
      >
        {t('customer.consentOpen')}
      </button>
      {blocked && <p role="alert">{t('customer.consentBlocked')}</p>}
    </div>
  );
}
