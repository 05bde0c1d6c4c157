// Schema version 2: what a till needs to survive two things version 1 could not.
//
// - A journal started anew (after a loss: ../../sqlite/journal-file.ts) numbers its outbox from 1 again, and the
//   head office would drop those events as resends of the old journal's. Each till now tells which journal its
//   events come from; the head office files a new journal's events after everything it already has from the
//   till (`seq_base`), so nothing of either journal is dropped or doubled.
// - An event the head office cannot project (a body a bug made, a value out of range) failed its whole batch, and
//   the batch was sent again forever: one bad event held back every later sale. It is now kept in `events` as
//   sent, named in `unprojected_events` with PostgreSQL's reason, and the rest of the batch goes on.

export const SCHEMA_V2 = `
alter table wallet_pos.tills
  add column journal_id text,
  add column seq_base bigint not null default 0;
create table wallet_pos.unprojected_events (
  till_id uuid not null,
  seq bigint not null,
  reason text not null,
  noted_at timestamptz not null default now(),
  primary key (till_id, seq)
);
`;
