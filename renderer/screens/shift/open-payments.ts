import type { AppError } from '../../../shared/result.ts';

/** The code shifts.close refuses with while payments are still open or in doubt. */
export const PAYMENTS_OPEN = 'shift.payments-open';

/**
 * The payments a refused close names (details.referenceIds, a list); one string of references (comma or space
 * separated), as a till before the list answered, is taken too.
 */
export function openReferenceIds(error: AppError | null): readonly string[] | null {
  if (!error || String(error.code) !== PAYMENTS_OPEN) return null;
  const raw: unknown = error.details?.['referenceIds'];
  if (Array.isArray(raw)) return raw.map(String);
  if (typeof raw === 'string') return raw.split(/[\s,]+/).filter(Boolean);
  return [];
}
