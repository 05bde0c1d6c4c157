import type { Migration } from '../../../sqlite/migrations.ts';
import { appendEntry, plain, preparedOnce } from '../../../audit-chain/chain-writer.ts';
import { CHAINED_TABLES, subjectOf } from '../../../audit-chain/chained-tables.ts';

export const AUDIT_CHAIN_MIGRATION: Migration = {
  version: 17,
  description: 'the audit chain: every record of money and authority, hash-chained (../../../audit-chain/)',
  up: (db) => {
    db.exec(`
      -- One entry per record written, numbered from 1 without gaps; body is the entry's canonical JSON and hash
      -- SHA-256(previous hash || body). Append-only: the database refuses to change or remove an entry.
      CREATE TABLE audit_chain (
        seq                INTEGER PRIMARY KEY NOT NULL CHECK (seq >= 1),
        subject            TEXT NOT NULL,
        body               TEXT NOT NULL CHECK (json_valid(body)),
        hash               TEXT NOT NULL CHECK (length(hash) = 64)
      );
      -- Each record's entries, newest last: the verifier finds a record's last entry by it.
      CREATE INDEX audit_chain_by_subject ON audit_chain (subject, seq);
      CREATE TRIGGER audit_chain_no_update BEFORE UPDATE ON audit_chain
        BEGIN SELECT RAISE(ABORT, 'the audit chain is append-only'); END;
      CREATE TRIGGER audit_chain_no_delete BEFORE DELETE ON audit_chain
        BEGIN SELECT RAISE(ABORT, 'the audit chain is append-only'); END;
    `);
    // What the journal held before it had a chain: each row once, as it stands now, so every row is held from
    // here on. Nothing can vouch for how those rows were before: the kind says so.
    const sql = preparedOnce(db);
    const at = Date.now();
    for (const { table, key } of CHAINED_TABLES) {
      for (const row of db.prepare(`SELECT * FROM ${table} ORDER BY rowid`).all()) {
        const subject = subjectOf(table, String(row[key]));
        appendEntry(db, sql, { at, kind: 'record.carried-over', subject, record: plain(row) });
      }
    }
  },
};
