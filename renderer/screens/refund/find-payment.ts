import type { PosBridge } from '../../../shared/contract.ts';
import type { PaymentDetail } from '../../../shared/payments.ts';
import type { AppError } from '../../../shared/result.ts';

// A receipt's QR holds our reference; a customer may instead read out the provider's order id from their
// app. Try the reference first, then a search that matches either.

const REFERENCE_SHAPE = /^[A-Za-z0-9-]{8,64}$/;
/** Answers meaning "this is not one of our references" (a provider order id has the same shape): search instead. */
const NOT_A_REFERENCE: ReadonlySet<string> = new Set([
  'payment.not-found',
  'order.not-found',
  'ipc.invalid-payload',
  'request.invalid',
]);

export type FindResult = { readonly found: PaymentDetail } | { readonly notFound: true } | { readonly error: AppError };

export async function findPayment(bridge: PosBridge, query: string): Promise<FindResult> {
  const text = query.trim();
  if (text === '') return { notFound: true };
  if (REFERENCE_SHAPE.test(text)) {
    const direct = await bridge['payments.get']({ referenceId: text });
    if (direct.ok) return { found: direct.value };
    if (!NOT_A_REFERENCE.has(direct.error.code)) return { error: direct.error };
  }
  const search = await bridge['payments.history']({ search: text.slice(0, 64), limit: 5 });
  if (!search.ok) return { error: search.error };
  const exact = search.value.items.find((item) => item.referenceId === text || item.providerOrderId === text);
  const pick = exact ?? (search.value.items.length === 1 ? search.value.items[0] : undefined);
  if (!pick) return { notFound: true };
  const detail = await bridge['payments.get']({ referenceId: pick.referenceId });
  return detail.ok ? { found: detail.value } : { error: detail.error };
}
