// TESTS ONLY: the end-of-day CSV read back as one object per line, keyed by the header's column names (the lines
// the tests read hold no quoted commas).

export function csvRecords(csv: string): Record<string, string>[] {
  const [header, ...rows] = csv
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter((line) => line !== '')
    .map((line) => line.split(','));
  return rows.map((row) => Object.fromEntries(header!.map((name, i) => [name, row[i] ?? ''])));
}
