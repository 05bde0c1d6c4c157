import type { AppError } from './result.ts';

// The provider's own sentence on a refusal (its error body's `message`, kept by the client in the error's
// details as `providerMessage`). Shown and journalled as it came, next to our explanation, never in its
// place and never translated: it is what the provider's documents and support go by.

/** Longer than any sentence the provider publishes: a body that is something else is cut, not shown whole. */
const MAX_PROVIDER_WORDS = 300;

/** The provider's words on a refusal (an HTTP 4xx answer), or null when it gave none. */
export function providerWordsOf(error: Pick<AppError, 'details'>): string | null {
  const status = error.details?.['httpStatus'];
  const text = error.details?.['providerMessage'];
  if (typeof status !== 'number' || status < 400 || status > 499) return null;
  if (typeof text !== 'string' || text.trim() === '') return null;
  const words = text.trim();
  return words.length > MAX_PROVIDER_WORDS ? `${words.slice(0, MAX_PROVIDER_WORDS)}…` : words;
}
