import { isTrustedUrl } from './url-trust.ts';

// Who may call the core over IPC: only the main frame of a page we served ourselves. A sub-frame (an
// embedded page, even one of ours) or a page that navigated elsewhere is refused with `ipc.forbidden`.

export function isTrustedSender(frameUrl: string | null | undefined, isMainFrame: boolean, appOrigin: string): boolean {
  if (!isMainFrame) return false;
  if (typeof frameUrl !== 'string' || frameUrl === '') return false;
  return isTrustedUrl(frameUrl, appOrigin);
}
