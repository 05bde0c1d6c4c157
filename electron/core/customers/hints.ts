import { PosError } from '../../../shared/errors.ts';
import { notice, type Notice } from '../../../shared/notices.ts';

// The user hint shown on the consent page (document: "pre-redacted"). Whatever the cashier types, only a
// redacted form leaves the till or reaches the journal: the last four digits of a phone number, the first
// letter and the domain of an e-mail address. A hint that is already redacted (contains *) is kept as typed.

const MAX_PHONE_HINT = 30;
const MAX_EMAIL_HINT = 254;

export function redactPhoneHint(raw: string): string {
  const text = raw.trim();
  if (text.includes('*')) return checkLength(text, MAX_PHONE_HINT, 'phoneHint');
  const digits = text.replace(/\D/g, '');
  if (digits.length < 6) throw invalid('phoneHint', notice('link.phone-hint-invalid'));
  const country = text.startsWith('+') && digits.length > 8 ? `+${digits.slice(0, digits.length - 8)} ` : '';
  return `${country}****${digits.slice(-4)}`;
}

export function redactEmailHint(raw: string): string {
  const text = raw.trim();
  if (text.includes('*')) return checkLength(text, MAX_EMAIL_HINT, 'emailHint');
  const at = text.lastIndexOf('@');
  if (at < 1 || at === text.length - 1 || /\s/.test(text))
    throw invalid('emailHint', notice('link.email-hint-invalid'));
  return checkLength(`${text[0]}***${text.slice(at)}`, MAX_EMAIL_HINT, 'emailHint');
}

type HintField = 'phoneHint' | 'emailHint';

function checkLength(text: string, max: number, field: HintField): string {
  if (text.length > max) throw invalid(field, notice('settings.too-long', { maximum: max }));
  return text;
}

function invalid(field: HintField, said: Notice): PosError {
  return new PosError('request.invalid', { notice: said, details: { field, outcomeUnknown: false, attempts: 0 } });
}
