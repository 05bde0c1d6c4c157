import { PosError } from '../../../shared/errors.ts';

// The user hint shown on the consent page (document: "pre-redacted"). Whatever the cashier types, only a
// redacted form leaves the till or reaches the journal: the last four digits of a phone number, the first
// letter and the domain of an e-mail address. A hint that is already redacted (contains *) is kept as typed.

const MAX_PHONE_HINT = 30;
const MAX_EMAIL_HINT = 254;

export function redactPhoneHint(raw: string): string {
  const text = raw.trim();
  if (text.includes('*')) return checkLength(text, MAX_PHONE_HINT, 'phone');
  const digits = text.replace(/\D/g, '');
  if (digits.length < 6) throw invalid('phone', 'Enter the full phone number (it is shown redacted to the customer).');
  const country = text.startsWith('+') && digits.length > 8 ? `+${digits.slice(0, digits.length - 8)} ` : '';
  return `${country}****${digits.slice(-4)}`;
}

export function redactEmailHint(raw: string): string {
  const text = raw.trim();
  if (text.includes('*')) return checkLength(text, MAX_EMAIL_HINT, 'email');
  const at = text.lastIndexOf('@');
  if (at < 1 || at === text.length - 1 || /\s/.test(text))
    throw invalid('email', 'Enter a valid e-mail address (it is shown redacted to the customer).');
  return checkLength(`${text[0]}***${text.slice(at)}`, MAX_EMAIL_HINT, 'email');
}

function checkLength(text: string, max: number, field: string): string {
  if (text.length > max) throw invalid(field, `The ${field} hint is too long.`);
  return text;
}

function invalid(field: string, message: string): PosError {
  return new PosError('request.invalid', {
    message,
    details: { field: field === 'phone' ? 'phoneHint' : 'emailHint', outcomeUnknown: false, attempts: 0 },
  });
}
