import { PosError } from '../../../shared/errors.ts';
import { money, type CurrencyCode } from '../../../shared/money.ts';
import type { Settings } from '../../../shared/settings.ts';
import { notice } from '../../../shared/notices.ts';
import type { OrderMetadataWire } from '../instore/schemas.ts';

// What a cashier typed or scanned, checked before anything is recorded or sent. Every refusal is a PosError
// whose message tells the cashier what to do; nothing here touches the journal or the network.

/** orderMetadata references on the wire: 5–36 letters, digits or hyphens (wire-details §2.3). */
const METADATA_REFERENCE = /^[A-Za-z0-9-]{5,36}$/;
/** Wallet codes are short printable texts; a scanner glitch (half a code, a stray key) is shorter. */
const CONSUMER_CODE_MIN = 6;
const CONSUMER_CODE_MAX = 512;
// Control characters (a wedge scanner's Tab in the middle, a NUL) mean the scan is garbled.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;

export function checkAmount(amountMinor: number, currency: CurrencyCode, limits: Settings['amountLimits']): void {
  if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0) throw new PosError('amount.invalid');
  if (amountMinor < limits.minMinor) {
    throw new PosError('amount.invalid', {
      notice: notice('amount.below-minimum', { min: money(limits.minMinor, currency) }),
      details: { minMinor: limits.minMinor },
    });
  }
  if (amountMinor > limits.maxMinor) {
    throw new PosError('amount.over-limit', {
      notice: notice('amount.above-limit', { max: money(limits.maxMinor, currency) }),
      details: { maxMinor: limits.maxMinor },
    });
  }
}

export function checkCurrency(currency: string, terminalCurrency: CurrencyCode): void {
  if (currency !== terminalCurrency) {
    throw new PosError('currency.unsupported', {
      notice: notice('currency.terminal-only', { currency: terminalCurrency }),
      details: { terminalCurrency },
    });
  }
}

/** The scanned text as it will be sent (trimmed: scanners append CR/LF), or consumer-code.invalid. */
export function checkConsumerCode(raw: string): string {
  const code = raw.trim();
  if (code.length < CONSUMER_CODE_MIN || code.length > CONSUMER_CODE_MAX || CONTROL_CHARACTERS.test(code)) {
    throw new PosError('consumer-code.invalid');
  }
  return code;
}

/** A note is free text for the cashier; the provider sees it only when it is a valid order reference. */
export function normaliseNote(note: string | undefined): string | null {
  const trimmed = note?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

/**
 * The register's own order reference, when it sent one (checked as such at the register connection), is the
 * merchant's order reference; else a cashier's note is, when it is a valid one.
 */
export function orderMetadataFor(
  terminalReference: string,
  note: string | null,
  orderReference: string | null = null,
): OrderMetadataWire | undefined {
  const metadata: { terminalReference?: string; merchantOrderReference?: string } = {};
  if (METADATA_REFERENCE.test(terminalReference)) metadata.terminalReference = terminalReference;
  const merchantOrderReference = orderReference ?? note;
  if (merchantOrderReference !== null && METADATA_REFERENCE.test(merchantOrderReference))
    metadata.merchantOrderReference = merchantOrderReference;
  return Object.keys(metadata).length > 0 ? metadata : undefined;
}

/** A register's order reference must be one the provider takes as it is (wire-details §2.3), never dropped. */
export function isOrderReference(value: string): boolean {
  return METADATA_REFERENCE.test(value);
}

export function terminalReferenceFor(terminalReference: string): string | undefined {
  return METADATA_REFERENCE.test(terminalReference) ? terminalReference : undefined;
}
