import { usePostgres } from '../../electron/testing/postgres.ts';

// A real PostgreSQL for the screen tests that reach a head office (electron/testing/postgres.ts: one server per
// test file, a fresh database per test). Here because only renderer/test's helpers may import electron/**; named
// without `use` so React's hook rules do not take it for a hook.
export const postgresForThisFile = usePostgres;
