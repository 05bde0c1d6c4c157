import { app, type Session, type WebContents } from 'electron';
import { isPermissionAllowed } from '../core/security/permissions.ts';
import { isTrustedUrl } from '../core/security/url-trust.ts';

// Default-deny for everything a page could do beyond showing itself: navigate elsewhere, open windows,
// embed webviews, download, ask for permissions or devices. The decisions are pure functions in
// core/security (unit-tested); this file only plugs them into Electron.

export function hardenSession(session: Session, appOrigin: string): void {
  session.setPermissionRequestHandler((contents, permission, callback, details) => {
    const mediaTypes = 'mediaTypes' in details ? details.mediaTypes : undefined;
    callback(
      isPermissionAllowed(
        { permission, requestingUrl: details.requestingUrl ?? contents.getURL(), mediaTypes },
        appOrigin,
      ),
    );
  });
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin, details) =>
    isPermissionAllowed(
      {
        permission,
        requestingUrl: details.requestingUrl ?? requestingOrigin,
        mediaTypes: details.mediaType ? [details.mediaType] : undefined,
      },
      appOrigin,
    ),
  );
  // WebHID, WebSerial, WebUSB: the scanner is a keyboard, the printer is driven by main. No page gets a device.
  session.setDevicePermissionHandler(() => false);
  session.on('will-download', (event) => event.preventDefault());
}

/**
 * Where a window that shows someone else's page may navigate instead of our origin (the consent window: the
 * provider's consent origin). Looked up when each navigation happens, so it can be set right after the
 * window is created, before it loads anything.
 */
const navigationRules = new WeakMap<WebContents, (url: string) => boolean>();

export function allowNavigationsOf(contents: WebContents, isAllowed: (url: string) => boolean): void {
  navigationRules.set(contents, isAllowed);
}

/** Applies navigation guards to every web contents the app ever creates, including ones we did not expect. */
export function guardAllWebContents(appOrigin: string): void {
  app.on('web-contents-created', (_event, contents) => guardWebContents(contents, appOrigin));
}

function guardWebContents(contents: WebContents, appOrigin: string): void {
  const denyUntrusted = (event: { url: string; preventDefault: () => void }): void => {
    const rule = navigationRules.get(contents);
    if (!(rule ? rule(event.url) : isTrustedUrl(event.url, appOrigin))) event.preventDefault();
  };
  contents.on('will-navigate', denyUntrusted);
  contents.on('will-redirect', denyUntrusted);
  contents.on('will-frame-navigate', denyUntrusted);
  // Windows are opened by main only (cashier, customer display, consent); a page never opens one.
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  contents.on('will-attach-webview', (event) => event.preventDefault());
}
