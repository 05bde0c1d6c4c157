import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { basename, join } from 'node:path';

// The benches' figures are written, not copied by hand: every table a bench prints (bench-kit's printTable) is
// kept, and when the bench ends well its section of results.md is rewritten with them, under the date and the
// machine they were measured on. The other benches' sections stay as they were. The README links to the file.

export const RESULTS_FILE = join(import.meta.dirname, 'results.md');

const HEADER = `# Bench figures

<!-- Generated: each bench (e2e/bench/*.bench.ts) rewrites its own section when it ends well (bench-kit.ts →
results-file.ts). Do not edit by hand; what each bench measures is in README.md. -->

Each section: when and on what the figures were measured, then the tables the bench printed, with the goal
beside each figure that has one.
`;

const tables: (readonly (readonly string[])[])[] = [];
const notes: string[] = [];
let hooked = false;

/** Keeps a printed table for this bench's section; written once the bench exits with 0. */
export function recordResults(rows: readonly (readonly string[])[]): void {
  tables.push(rows.map((row) => [...row]));
  hookExit();
}

/** A line the section needs beside the tables (a goal not in a table, the browser's version). */
export function noteResult(line: string): void {
  notes.push(line);
  hookExit();
}

function hookExit(): void {
  if (hooked) return;
  hooked = true;
  process.on('exit', (code) => {
    // A bench that failed half-way leaves its last good figures in place.
    if (code !== 0 || process.exitCode) return;
    const bench = basename(process.argv[1] ?? 'bench').replace(/\.bench\.ts$/, '');
    writeSection(bench, sectionOf(bench));
  });
}

function sectionOf(bench: string): string {
  const cpu = cpus();
  const machine = `${cpu.length} cores (${cpu[0]?.model.trim() ?? 'unknown CPU'}), load ${loadavg()[0]!.toFixed(2)} at the end, Node ${process.version}`;
  const options = process.argv.slice(2).join(' ');
  const lines = [
    `## ${bench}`,
    '',
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${machine}${options ? `; options \`${options}\`` : ''}.`,
    '',
  ];
  for (const line of notes) lines.push(line, '');
  for (const table of tables) lines.push(...markdownTable(table), '');
  return lines.join('\n');
}

function markdownTable(rows: readonly (readonly string[])[]): string[] {
  // Leading spaces indent a row under the one above; markdown would drop them.
  const cell = (text: string): string =>
    text.replace(/\|/g, '\\|').replace(/^ +/, (spaces) => '&nbsp;'.repeat(spaces.length));
  const line = (row: readonly string[]): string => `| ${row.map(cell).join(' | ')} |`;
  const [head = [], ...body] = rows;
  return [line(head), `|${head.map(() => ' --- ').join('|')}|`, ...body.map(line)];
}

/** Replaces this bench's section (from its `## name` to the next one), or adds it; sections in name order. */
function writeSection(bench: string, section: string): void {
  const text = existsSync(RESULTS_FILE) ? readFileSync(RESULTS_FILE, 'utf8') : '';
  const sections = new Map<string, string>();
  for (const part of text.split(/^(?=## )/m).slice(1)) {
    const name = /^## (\S+)/.exec(part)?.[1];
    if (name) sections.set(name, part.trimEnd() + '\n');
  }
  sections.set(bench, section.trimEnd() + '\n');
  const body = [...sections.keys()]
    .sort()
    .map((name) => sections.get(name)!)
    .join('\n');
  writeFileSync(RESULTS_FILE, `${HEADER}\n${body}`);
}
