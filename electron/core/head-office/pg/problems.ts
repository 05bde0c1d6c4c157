import type { HeadOfficeProblem } from '../../../../shared/head-office.ts';

// PostgreSQL's and the network's failures, in the head office's few words (shared/head-office.ts): what the
// status bar and Test connection say. Anything else (a bug, a constraint) is thrown as it is.

/** A head-office call that failed for a reason a person can act on; `problem` says which. */
export class HeadOfficeFailure extends Error {
  readonly problem: HeadOfficeProblem;

  constructor(problem: HeadOfficeProblem, message: string, options: { cause?: unknown } = {}) {
    super(message, options);
    this.name = 'HeadOfficeFailure';
    this.problem = problem;
  }
}

// SQLSTATEs: 28P01 wrong password, 28000 no pg_hba entry / role may not log in, 42501 no right to the object,
// 3D000 the URL's database does not exist (the login cannot open what it names).
const REFUSED_LOGIN = new Set(['28P01', '28000', '42501', '3D000']);
// 3F000 no such schema, 42P01 no such table: the schema was never migrated.
const SCHEMA_MISSING = new Set(['3F000', '42P01']);
// Class 08 (connection exception), 57P01-57P03 (the server is shutting down or starting), 53300 (too many
// connections): the server is there but cannot serve us now.
const UNREACHABLE_STATES = /^(08...|57P0[123]|53300)$/;
const UNREACHABLE_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
]);

/** The head-office problem an error means, or null when it is none of them (then it is a bug to report). */
export function problemOf(error: unknown): HeadOfficeProblem | null {
  if (error instanceof HeadOfficeFailure) return error.problem;
  if (!(error instanceof Error)) return null;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (REFUSED_LOGIN.has(code)) return 'refused-login';
    if (SCHEMA_MISSING.has(code)) return 'schema-missing';
    if (UNREACHABLE_STATES.test(code) || UNREACHABLE_ERRNOS.has(code)) return 'unreachable';
    // Node's TLS errors: a certificate that does not verify, a handshake that fails.
    if (/CERT|SSL|TLS|EPROTO/.test(code)) return 'tls';
  }
  // pg's own words for what has no code.
  if (/does not support SSL|SSL connection|self[- ]signed certificate|certificate/i.test(error.message)) return 'tls';
  if (/Connection terminated|timeout exceeded when trying to connect|Connection timeout/i.test(error.message)) {
    return 'unreachable';
  }
  return null;
}

/** Runs `call`, turning an error with a head-office problem into a HeadOfficeFailure (others pass unchanged). */
export async function classified<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof HeadOfficeFailure) throw error;
    const problem = problemOf(error);
    if (problem === null) throw error;
    throw new HeadOfficeFailure(problem, error instanceof Error ? error.message : String(error), { cause: error });
  }
}
