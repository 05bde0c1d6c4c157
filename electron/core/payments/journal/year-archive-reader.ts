import { DatabaseSync } from 'node:sqlite';
import type { HistoryQuery, Page } from '../../../../shared/payment-history.ts';
import type { PaymentDetail, PaymentFindQuery, PaymentView } from '../../../../shared/payments.ts';
import { createTransactions } from '../../sqlite/database.ts';
import { createContext, type JournalContext } from './context.ts';
import { detailOf } from './detail.ts';
import { findPayments } from './find.ts';
import { history } from './history.ts';
import { archiveFilesIn } from './year-archive.ts';

// The closed years' archive files (year-archive.ts), read-only, answering what a person looks up by what they
// hold: a payment's reference or the provider's order id (the history screen's search, the refund screen's
// lookup) and the payment's detail. Asked only when the live journal has no answer, so a payment is shown once:
// archiving deletes a row from the live journal only once it is in the archive. Each file is opened read-only
// for the call and closed after it: a year archived is read rarely, and an open file would hold its memory.

export interface YearArchiveReader {
  /** The search's matches in the archives, newest year first; no further page (null cursor). */
  history(query: HistoryQuery): Page<PaymentView>;
  detailOf(referenceId: string): PaymentDetail | null;
  /** By the provider's order id only (the lookups by day, amount or person are for recent payments). */
  find(query: PaymentFindQuery): PaymentView[];
}

export function yearArchiveReader(folder: string, timeZone: string, now: () => number): YearArchiveReader {
  const eachArchive = <T>(read: (ctx: JournalContext) => T, enough: (answer: T) => boolean): T[] => {
    const answers: T[] = [];
    for (const { file } of archiveFilesIn(folder)) {
      const db = new DatabaseSync(file, { readOnly: true });
      try {
        const answer = read(createContext(db, createTransactions(db), now, timeZone));
        answers.push(answer);
        if (enough(answer)) break;
      } finally {
        db.close();
      }
    }
    return answers;
  };
  return {
    history: (query) => {
      const limit = query.limit ?? 50;
      let found = 0;
      const pages = eachArchive(
        (ctx) => history(ctx, { ...query, cursor: undefined, limit }),
        (page) => (found += page.items.length) >= limit,
      );
      return {
        items: pages.flatMap((page) => page.items).slice(0, limit),
        nextCursor: null,
        total: pages.reduce((sum, page) => sum + page.total, 0),
      };
    },
    detailOf: (referenceId) =>
      eachArchive(
        (ctx) => detailOf(ctx, referenceId),
        (detail) => detail !== null,
      ).find((detail) => detail !== null) ?? null,
    find: (query) =>
      'providerOrderId' in query
        ? eachArchive(
            (ctx) => findPayments(ctx, query),
            (views) => views.length > 0,
          ).flat()
        : [],
  };
}
