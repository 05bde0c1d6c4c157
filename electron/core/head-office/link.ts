import { closeHeadOffice, HeadOfficeFailure, migrate, openHeadOffice, type HeadOfficeDb } from './pg/index.ts';

// The till's one line to its head office: a small pool on the saved URL (the secret headOfficeUrl), opened on first
// use and replaced when the URL changes. Before its first write it brings the schema to the version this till
// knows: a login that may create tables migrates it (ho-wire's migrate, under its advisory lock); a least-privilege
// one uses what the chain's IT migrated; a newer schema stops it (schema-newer) and it writes nothing.

export interface HeadOfficeLink {
  /** A pool whose schema this till knows. Throws HeadOfficeFailure (problem) otherwise. */
  ready(): Promise<HeadOfficeDb>;
  /** Forget the pool (the URL was changed or removed, or the head office turned off). */
  reset(): Promise<void>;
  close(): Promise<void>;
}

export function createHeadOfficeLink(url: () => Promise<string | null>): HeadOfficeLink {
  let open: { url: string; db: HeadOfficeDb; schemaKnown: boolean } | null = null;
  const reset = async (): Promise<void> => {
    const closing = open;
    open = null;
    if (closing) await closeHeadOffice(closing.db).catch(() => undefined);
  };
  return {
    ready: async () => {
      const saved = await url();
      if (!saved) throw new HeadOfficeFailure('unreachable', 'no head office URL is saved (secret headOfficeUrl)');
      if (open?.url !== saved) {
        await reset();
        open = { url: saved, db: openHeadOffice(saved), schemaKnown: false };
      }
      const current = open;
      if (!current.schemaKnown) {
        await migrate(current.db);
        current.schemaKnown = true;
      }
      return current.db;
    },
    reset,
    close: reset,
  };
}
