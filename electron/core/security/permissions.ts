import { isTrustedUrl } from './url-trust.ts';

// Browser permissions for our windows: everything is denied except the camera (to read a customer's QR),
// and that only for our own origin. Microphone, notifications, geolocation, clipboard, HID, serial… never:
// a till does not need them, and each is a way for a compromised page to reach further.

export interface PermissionQuestion {
  /** Electron's permission name ('media', 'notifications', 'geolocation', …). */
  readonly permission: string;
  /** URL (or origin) of the page asking. */
  readonly requestingUrl: string;
  /**
   * For 'media': what is asked for. Request handlers get `mediaTypes` ('video' | 'audio'), check handlers a
   * single `mediaType` ('video' | 'audio' | 'unknown'); both are passed here as a list.
   */
  readonly mediaTypes?: readonly string[] | undefined;
}

export function isPermissionAllowed(question: PermissionQuestion, appOrigin: string): boolean {
  if (question.permission !== 'media') return false;
  if (!isTrustedUrl(question.requestingUrl, appOrigin)) return false;
  const types = question.mediaTypes ?? [];
  // Camera only: at least one media type asked, every one of them video (no microphone, no "unknown").
  return types.length > 0 && types.every((type) => type === 'video');
}
