import { spawn, execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync, promises as fsPromises } from 'node:fs';
import { connect, createServer } from 'node:net';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';

// The pure tier's guard keeps its promise: each way out of a pure test throws with the reason, and what a pure
// test may do still works. Runs only in the project `unit-node`, whose setup file is the guard.

const REFUSED = /pure tier: this test/;

describe('the pure tier guard', () => {
  it('refuses sockets: a listening server and a connection', () => {
    expect(() => createServer().listen(0)).toThrow(REFUSED);
    expect(() => connect(1, '127.0.0.1')).toThrow(REFUSED);
  });

  it('refuses starting a process', () => {
    expect(() => spawn('true')).toThrow(REFUSED);
    expect(() => execFileSync('true')).toThrow(REFUSED);
  });

  it('refuses writing a file, synchronously or not, and a SQLite file', async () => {
    expect(() => writeFileSync('pure-tier-guard.txt', 'x')).toThrow(REFUSED);
    expect(() => fsPromises.writeFile('pure-tier-guard.txt', 'x')).toThrow(REFUSED);
    expect(() => new DatabaseSync('pure-tier-guard.sqlite3')).toThrow(REFUSED);
  });

  it('still reads files and keeps SQLite in memory', () => {
    expect(readFileSync(new URL(import.meta.url), 'utf8')).toContain('pure tier');
    const memory = new DatabaseSync(':memory:');
    expect(memory.prepare('SELECT 1 + 1 AS two').get()).toEqual({ two: 2 });
    memory.close();
  });
});
