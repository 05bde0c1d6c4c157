// Typed column readers shared by both journals (payments and linked customers): each turns one column of a
// node:sqlite row into its TypeScript value and checks its type, so a file edited by hand or damaged on disk
// fails loudly here instead of showing a wrong amount on screen.

/** A row as node:sqlite returns it: column name → value. */
export type SqlRow = Record<string, unknown>;

export function text(row: SqlRow, column: string): string {
  const value = row[column];
  if (typeof value !== 'string') throw corrupt(column, value);
  return value;
}

export function textOrNull(row: SqlRow, column: string): string | null {
  const value = row[column];
  if (value === null) return null;
  if (typeof value !== 'string') throw corrupt(column, value);
  return value;
}

export function integer(row: SqlRow, column: string): number {
  const value = row[column];
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) throw corrupt(column, value);
  return value;
}

export function integerOrNull(row: SqlRow, column: string): number | null {
  return row[column] === null ? null : integer(row, column);
}

function corrupt(column: string, value: unknown): Error {
  return new TypeError(`Journal column ${column} holds an unexpected ${typeof value}`);
}
