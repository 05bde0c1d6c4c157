// The browser preview shows the consent page in a popup window (the page refuses to be framed). A popup
// must be opened during the click, before any await, or the browser blocks it: so it is opened blank
// first and sent to the broker's address once the till has it. In Electron, main opens its own consent
// window and the screen opens nothing.

const POPUP_NAME = 'wallet-pos-consent';
const POPUP_FEATURES = 'popup,width=480,height=720';

export interface ConsentPopup {
  /** Sends the popup to `url` (same origin as this page); false when there is no popup to send. */
  show(url: string): boolean;
  /** Closes it if this page still can (after the consent page loads it lives on its own). */
  close(): void;
}

export function openBlankPopup(win: Window = window): ConsentPopup {
  let popup: Window | null = null;
  try {
    popup = win.open('about:blank', POPUP_NAME, POPUP_FEATURES);
  } catch {
    popup = null;
  }
  return {
    show(url) {
      if (!popup || popup.closed) return false;
      popup.location.replace(new URL(url, win.location.origin).href);
      return true;
    },
    close() {
      try {
        if (popup && !popup.closed) popup.close();
      } catch {
        // Already on its own (another browsing context group): the customer closes it.
      }
    },
  };
}

/** A popup opened again from a later click (the cashier asks to see the page again). */
export function openPopupAt(url: string, win: Window = window): boolean {
  const popup = openBlankPopup(win);
  return popup.show(url);
}
