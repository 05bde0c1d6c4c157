import { customerDisplayToken } from '../../shared/display-token.ts';

// The web host hands the page a per-launch token in the URL fragment (`#token=…`). We move it to
// sessionStorage at once and strip it from the address bar, so it is not left in history, screenshots or
// a URL someone copies, but survives a reload of this tab.

const STORAGE_KEY = 'wallet-pos.token';

export interface TokenPlace {
  readonly location: Pick<Location, 'hash' | 'pathname' | 'search'>;
  readonly storage: Pick<Storage, 'getItem' | 'setItem'>;
  readonly history: Pick<History, 'replaceState'>;
}

export function takeAccessToken(place: TokenPlace): string | null {
  const fromHash = new URLSearchParams(place.location.hash.replace(/^#/, '')).get('token');
  if (fromHash) {
    place.storage.setItem(STORAGE_KEY, fromHash);
    place.history.replaceState(null, '', `${place.location.pathname}${place.location.search}`);
    return fromHash;
  }
  return place.storage.getItem(STORAGE_KEY);
}

/** The token this tab signed in with (web preview only). */
export function storedAccessToken(storage: Pick<Storage, 'getItem'>): string | null {
  return storage.getItem(STORAGE_KEY);
}

/**
 * The customer-display page of the web preview opens in another tab, which has its own sessionStorage. It
 * gets the display's own token (shared/display-token.ts), which the web host limits to what the display
 * shows: a screen facing the shopper must not carry the key to refunds and settings.
 */
export async function customerDisplayUrl(origin: string, cashierToken: string | null): Promise<string> {
  const token = cashierToken ? await customerDisplayToken(cashierToken) : null;
  return `${origin}/customer-display${token ? `#token=${encodeURIComponent(token)}` : ''}`;
}
