import type { PaymentFindQuery } from '../../../shared/payments.ts';

// The "No receipt?" search's form as the contract's payments.find request: one of three ways, each field checked
// here so the cashier reads what is missing at the field (the core checks the same again). Pure: tested alone.

export const FIND_WAYS = ['order', 'amount', 'staff'] as const;
export type FindWay = (typeof FIND_WAYS)[number];

export interface NoReceiptForm {
  readonly way: FindWay;
  readonly providerOrderId: string;
  readonly amountMinor: number;
  /** Local wall-clock times of the till, as a datetime-local field gives them. */
  readonly from: string;
  readonly to: string;
  readonly takenBy: string;
  readonly day: string;
}

/** What is missing, by the screen's word key, or null. */
export type FormProblem =
  | 'refund.noReceipt.orderIdMissing'
  | 'refund.noReceipt.amountMissing'
  | 'refund.noReceipt.windowInvalid'
  | 'refund.noReceipt.staffMissing';

export function findQueryOf(form: NoReceiptForm): { query: PaymentFindQuery } | { problem: FormProblem } {
  switch (form.way) {
    case 'order': {
      // As read off a phone: spaces around or inside dropped (the id itself has none).
      const providerOrderId = form.providerOrderId.replace(/\s+/g, '');
      return /^[A-Za-z0-9-]{4,64}$/.test(providerOrderId)
        ? { query: { providerOrderId } }
        : { problem: 'refund.noReceipt.orderIdMissing' };
    }
    case 'amount':
      if (form.amountMinor <= 0) return { problem: 'refund.noReceipt.amountMissing' };
      if (form.from === '' || form.to === '' || form.from > form.to)
        return { problem: 'refund.noReceipt.windowInvalid' };
      return { query: { amountMinor: form.amountMinor, from: form.from, to: form.to } };
    case 'staff':
      return form.takenBy === ''
        ? { problem: 'refund.noReceipt.staffMissing' }
        : { query: { takenBy: form.takenBy, day: form.day } };
  }
}

/** "2026-11-29T14:05": a local wall-clock time to the minute, as datetime-local fields write it. */
export function localMinute(date: Date): string {
  const two = (n: number): string => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}T${two(date.getHours())}:${two(date.getMinutes())}`;
}

/** The form as it opens: the window is the last two hours, the day today. */
export function freshForm(now: Date, today: string): NoReceiptForm {
  return {
    way: 'order',
    providerOrderId: '',
    amountMinor: 0,
    from: localMinute(new Date(now.getTime() - 2 * 3_600_000)),
    to: localMinute(now),
    takenBy: '',
    day: today,
  };
}
