import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { closeHeadOffice, HeadOfficeFailure, migrate, openHeadOffice, roleSql, SCHEMA_VERSION } from './pg/index.ts';

// `npm run head-office -- migrate <url>` and `npm run head-office -- role-sql [role]`: what a chain's IT team
// runs against its own PostgreSQL, so its tills can use a login that may create nothing (README.md, "Head
// office"). Plain Node, no till.

const USAGE = `Usage:
  npm run head-office -- migrate <url>     create or update the wallet_pos schema (to version ${SCHEMA_VERSION})
  npm run head-office -- role-sql [role]   print the SQL of the tills' least-privilege login (default wallet_pos_till)

  <url>  postgres://owner:password@host:5432/database?sslmode=verify-full, with a login that may create the
         schema. Instead of the argument (kept out of the shell's history): the environment's HEAD_OFFICE_URL.`;

/** Runs one command; `print` and `fail` receive its output and its errors. Returns the exit code. */
export async function headOfficeCommand(
  args: readonly string[],
  print: (line: string) => void,
  fail: (line: string) => void,
  environment: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  const [command, argument, ...rest] = args;
  if (command === 'role-sql' && rest.length === 0) {
    try {
      print(roleSql(argument));
      return 0;
    } catch (error) {
      fail((error as Error).message);
      return 2;
    }
  }
  if (command === 'migrate' && rest.length === 0) {
    const url = argument ?? environment.HEAD_OFFICE_URL;
    if (!url) {
      fail(`migrate needs the database's URL.\n\n${USAGE}`);
      return 2;
    }
    const db = openHeadOffice(url, { max: 1 });
    try {
      const { from, to } = await migrate(db);
      print(
        from === to
          ? `The wallet_pos schema is already at version ${to}: nothing to do.`
          : `The wallet_pos schema is now at version ${to} (was ${from === null ? 'absent' : `version ${from}`}).`,
      );
      return 0;
    } catch (error) {
      fail(
        error instanceof HeadOfficeFailure
          ? `Not migrated (${error.problem}): ${error.message}`
          : `Not migrated: ${(error as Error).message}`,
      );
      return 1;
    } finally {
      await closeHeadOffice(db);
    }
  }
  fail(USAGE);
  return command === undefined || command === '--help' ? 0 : 2;
}

// Runs only as the command (imported, as the bare-Node import test and the tests do, it does nothing).
if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await headOfficeCommand(
    process.argv.slice(2),
    (line) => console.log(line),
    (line) => console.error(line),
  );
}
