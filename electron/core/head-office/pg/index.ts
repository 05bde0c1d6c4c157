// The head office's PostgreSQL side (issue 34): everything a till (and the IT team's CLI) says to the chain's
// database. The rest of electron/core/head-office/ (outbox, sender, status, roster) uses only what is here.
// Every call that fails for a reason a person can act on throws a HeadOfficeFailure whose `problem` is one of
// shared/head-office.ts's HeadOfficeProblem words.

export { closeHeadOffice, inTransaction, openHeadOffice } from './connection.ts';
export type { HeadOfficeDb, HeadOfficeOptions } from './connection.ts';
export { HEAD_OFFICE_EVENT_KINDS } from './events.ts';
export type {
  CancelEventBody,
  DayEventBody,
  HeadOfficeEventKind,
  HoldEventBody,
  OutboxEvent,
  PaymentEventBody,
  RefundEventBody,
  ShiftEventBody,
  StaffEventBody,
  TillRef,
  TillState,
} from './events.ts';
export { heartbeat, ingestBatch } from './ingest.ts';
export type { IngestResult } from './ingest.ts';
export { migrate, requireKnownSchema, SCHEMA_VERSION, schemaVersion } from './migrate.ts';
export type { Migrated } from './migrate.ts';
export { classified, HeadOfficeFailure, problemOf } from './problems.ts';
export {
  chainDay,
  chainHeadsOf,
  ONLINE_WITHIN_SECONDS,
  shopDay,
  shopPaymentsFound,
  shopTills,
  staffSince,
} from './reads.ts';
export type { ChainDayShop, ReportedChainHead, RosterPerson, ShopPaymentFound } from './reads.ts';
export { DEFAULT_TILL_ROLE, roleSql } from './role-sql.ts';
