// Version 1 of the schema `wallet_pos`: public API, read by the chain's own SQL and dashboards (README.md,
// "Head office"). A change is a new version with its own migration, never an edit of this one.

export const SCHEMA_V1 = `
create table wallet_pos.tills (
  till_id uuid primary key,
  shop_id text not null,
  terminal_reference text not null,
  version text not null,
  enrolled_at timestamptz not null default now(),
  last_seen_at timestamptz not null,
  signed_in text,
  open_shift int,
  unresolved_count int not null default 0,
  printer_state text,
  last_seq bigint not null default 0
);
create table wallet_pos.events (
  till_id uuid not null,
  seq bigint not null,
  shop_id text not null,
  kind text not null,
  occurred_at timestamptz not null,
  body jsonb not null,
  received_at timestamptz not null default now(),
  primary key (till_id, seq)
);
create table wallet_pos.payments (
  till_id uuid not null,
  shop_id text not null,
  reference_id text not null,
  status text not null,
  amount_minor bigint not null,
  currency char(3) not null,
  method text not null,
  origin text not null,
  taken_by text,
  taken_by_id text,
  provider_order_id text,
  day date not null,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  paid_at timestamptz,
  primary key (till_id, reference_id)
);
create table wallet_pos.refunds (
  till_id uuid not null,
  shop_id text not null,
  reference_id text not null,
  refund_id text not null,
  amount_minor bigint not null,
  currency char(3) not null,
  status text not null,
  refunded_by text,
  approved_by text,
  found_without_receipt boolean not null default false,
  day date not null,
  created_at timestamptz not null,
  primary key (till_id, refund_id)
);
create table wallet_pos.shifts (
  till_id uuid not null,
  shop_id text not null,
  shift_number int not null,
  opened_by text,
  opened_at timestamptz not null,
  closed_by text,
  closed_at timestamptz,
  currency char(3) not null,
  gross_minor bigint not null default 0,
  refunds_minor bigint not null default 0,
  net_minor bigint not null default 0,
  payments int not null default 0,
  primary key (till_id, shift_number)
);
create table wallet_pos.till_days (
  till_id uuid not null,
  shop_id text not null,
  day date not null,
  currency char(3) not null,
  gross_minor bigint not null,
  refunds_minor bigint not null,
  net_minor bigint not null,
  payments int not null,
  reported_at timestamptz not null,
  primary key (till_id, day)
);
create table wallet_pos.staff (
  shop_id text not null,
  person_id text not null,
  name text not null,
  role text not null,
  active boolean not null,
  pin_salt text,
  pin_hash text,
  revision bigserial not null,
  changed_at timestamptz not null,
  changed_by_till uuid not null,
  primary key (shop_id, person_id)
);
create table wallet_pos.chain_heads (
  till_id uuid not null,
  entries bigint not null,
  hash text not null,
  reported_at timestamptz not null,
  primary key (till_id, entries)
);
create index payments_shop_id_day_idx on wallet_pos.payments (shop_id, day);
create index payments_shop_id_order_idx on wallet_pos.payments (shop_id, upper(provider_order_id));
create index refunds_shop_id_day_idx on wallet_pos.refunds (shop_id, day);
create index till_days_shop_id_day_idx on wallet_pos.till_days (shop_id, day);
create index tills_shop_id_idx on wallet_pos.tills (shop_id);
create index staff_shop_id_revision_idx on wallet_pos.staff (shop_id, revision);
`;
