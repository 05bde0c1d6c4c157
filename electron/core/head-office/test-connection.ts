import type { HeadOfficeTestResult } from '../../../shared/head-office.ts';
import { closeHeadOffice, migrate, openHeadOffice, problemOf, SCHEMA_VERSION, schemaVersion } from './pg/index.ts';

// Settings → Head office → Test connection (admin): connects to `url` as the till would, says the server's version
// and the schema's, and brings the schema to this till's version where the login may (as the till does when it
// connects). Never throws: what went wrong is the result's `problem`.

export async function testConnection(url: string | null): Promise<HeadOfficeTestResult> {
  const result = (
    problem: HeadOfficeTestResult['problem'],
    serverVersion: string | null,
    schema: number | null,
  ): HeadOfficeTestResult => ({
    ok: problem === null,
    problem,
    serverVersion,
    schemaVersion: schema,
    tillSchemaVersion: SCHEMA_VERSION,
  });
  if (!url) return result('unreachable', null, null);
  const db = openHeadOffice(url, { max: 1 });
  let serverVersion: string | null = null;
  try {
    const { rows } = await db.query<{ version: string }>("select current_setting('server_version') as version");
    serverVersion = `PostgreSQL ${rows[0]?.version ?? '?'}`;
    try {
      await migrate(db);
    } catch (error) {
      return result(problemOf(error) ?? 'unreachable', serverVersion, await schemaVersion(db).catch(() => null));
    }
    return result(null, serverVersion, await schemaVersion(db));
  } catch (error) {
    return result(problemOf(error) ?? 'unreachable', serverVersion, null);
  } finally {
    await closeHeadOffice(db).catch(() => undefined);
  }
}
