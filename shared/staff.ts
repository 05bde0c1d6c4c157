import type { ChainMark } from './audit-chain.ts';
import { z } from 'zod';
import { day, empty, printableText } from './request-atoms.ts';
import type { Money } from './money.ts';
import type { SummaryLine } from './payment-history.ts';

// People at the till: who they are, what each role may do, who is signed in, and the shifts they work. The core
// keeps them (electron/core/staff/, the shifts in the payments journal); the screens read them through the
// staff.*, session.* and shifts.* channels and the session.changed event (joined in shared/contract.ts).

export const STAFF_ROLES = ['cashier', 'supervisor', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** What a person may do at the till. The table below is the whole rule: the screens show it to the admin as is. */
export const STAFF_RIGHTS = [
  'sell',
  'scan',
  'cancel-own',
  'reprint',
  'payments-today',
  'refund',
  'cancel-any',
  'approve-refund',
  'x-report',
  'close-shift',
  'payments-any-day',
  'drawer',
  'training',
  'settings',
  'staff',
  'register-keys',
  'go-live',
] as const;
export type StaffRight = (typeof STAFF_RIGHTS)[number];

const CASHIER_RIGHTS = ['sell', 'scan', 'cancel-own', 'reprint', 'payments-today'] as const;
const SUPERVISOR_RIGHTS = [
  ...CASHIER_RIGHTS,
  'refund',
  'cancel-any',
  'approve-refund',
  'x-report',
  'close-shift',
  'payments-any-day',
  // Cash leaves the drawer without a sale: a supervisor opens it (and says why), not a cashier.
  'drawer',
  // Puts a person (or the till) into training, and lets them out with their PIN.
  'training',
] as const;

export const ROLE_RIGHTS: Readonly<Record<StaffRole, readonly StaffRight[]>> = {
  cashier: CASHIER_RIGHTS,
  supervisor: SUPERVISOR_RIGHTS,
  admin: STAFF_RIGHTS,
};

export function roleHas(role: StaffRole, right: StaffRight): boolean {
  return ROLE_RIGHTS[role].includes(right);
}

/**
 * The two people every till has had since before staff existed: today's admin and supervisor PINs are theirs
 * (settings.save with secrets.adminPin / secrets.supervisorPin still sets them). Renameable, never deleted.
 */
export const BUILT_IN_STAFF_IDS = { admin: 'admin', supervisor: 'supervisor' } as const;
/** The names the core gives the two built-in people until an admin renames them. */
export const BUILT_IN_DEFAULT_NAMES = { admin: 'Admin', supervisor: 'Supervisor' } as const;

/**
 * A person's name as screens and paper show it: as recorded, except the built-in Admin and Supervisor still under
 * the core's English default names, which read as their role in the till's language (`roleWord`: the
 * `staff.role.*` word). A name someone typed is shown as typed, in any language.
 */
export function shownStaffName(ref: StaffRef, roleWord: (role: 'admin' | 'supervisor') => string): string {
  for (const role of ['admin', 'supervisor'] as const) {
    if (ref.id === BUILT_IN_STAFF_IDS[role] && ref.name === BUILT_IN_DEFAULT_NAMES[role]) return roleWord(role);
  }
  return ref.name;
}

/** Who did something, as recorded with it: the id, and the name the person had at the time. */
export interface StaffRef {
  readonly id: string;
  readonly name: string;
}

export interface SignedInStaff extends StaffRef {
  readonly role: StaffRole;
}

/** A person as the Staff screen lists them (never their PIN or badge code: only whether one is set). */
export interface StaffMember extends SignedInStaff {
  readonly active: boolean;
  readonly hasPin: boolean;
  readonly hasBadge: boolean;
}

export interface StaffSettings {
  /** "Ask who is at the till": nothing is sold or refunded until someone signs in (never in kiosk mode). */
  readonly signInRequired: boolean;
  /** Sign out after this many idle minutes (never in the middle of a payment); 0 = never. */
  readonly autoLockMinutes: number;
  /** A cashier's refund up to this amount (minor units) needs no approval; 0 = every refund is approved. */
  readonly refundWithoutApprovalUpToMinor: number;
  /**
   * A cashier's refunds without approval in one shift, added up, up to this amount (minor units); above it every
   * refund of theirs in that shift is approved. 0 = no cap beyond the per-payment limit above.
   */
  readonly unapprovedRefundsPerShiftMinor: number;
  /** Receipts print the cashier's first name. */
  readonly cashierOnReceipt: boolean;
  /**
   * Nothing is sold while no shift is open (refused shift.not-open by the core), so that the day adds up to its
   * shifts. Never on a kiosk. Turned on with sign-in in Settings → Staff; a settings file written before it existed
   * reads it as off, so an update never stops a till in the middle of a day.
   */
  readonly shiftRequired: boolean;
}

export const staffSettingsSchema = z.object({
  signInRequired: z.boolean(),
  autoLockMinutes: z.number().int().min(0).max(720),
  refundWithoutApprovalUpToMinor: z.number().int().min(0).max(100_000_000),
  unapprovedRefundsPerShiftMinor: z.number().int().min(0).max(100_000_000),
  cashierOnReceipt: z.boolean(),
  shiftRequired: z.boolean(),
});

export const DEFAULT_STAFF_SETTINGS: StaffSettings = {
  signInRequired: false,
  autoLockMinutes: 0,
  refundWithoutApprovalUpToMinor: 0,
  unapprovedRefundsPerShiftMinor: 0,
  cashierOnReceipt: false,
  shiftRequired: false,
};

/** One cashier's part of a shift (null staff: sales nobody was signed in for, the kiosk's, a register's alone). */
export interface ShiftCashierLine {
  readonly staff: StaffRef | null;
  readonly paid: SummaryLine;
  readonly refunds: SummaryLine;
  /**
   * The part of `refunds` nobody approved with a PIN (a cashier's under the no-approval limit and shift cap).
   * Absent from a Z report kept before it was counted.
   */
  readonly unapprovedRefunds?: SummaryLine;
  readonly cancels: number;
}

/**
 * What a shift took, computed from the journal (an X report while open; the Z report, kept as it was at the
 * close, after). Money is minor units of the till's currency, as everywhere.
 */
export interface ShiftReport {
  readonly currency: string;
  readonly from: string;
  /** The close (Z), or when the X report was read. */
  readonly to: string;
  readonly paid: SummaryLine;
  readonly byMethod: Readonly<Record<'merchant-qr' | 'customer-qr', SummaryLine>>;
  readonly refunds: SummaryLine;
  readonly cancels: number;
  /** Payments the shop's register programs started (already in `paid`). */
  readonly registerSales: SummaryLine;
  /** Paid less refunds. */
  readonly net: Money;
  readonly byCashier: readonly ShiftCashierLine[];
  /** Payments still open or in doubt when the shift was closed anyway (referenceIds); empty for an X report. */
  readonly openAtClose: readonly string[];
  /**
   * The payment journal's audit chain when the report was made: for a Z, as it stood just before the close was
   * recorded (the verifier holds the chain to it). Absent on a Z made before the chain existed.
   */
  readonly chain?: ChainMark;

  /**
   * Payments an earlier shift listed as still open at its forced close and that were paid since: counted in this
   * shift (already in `paid`, by method and by cashier), each naming the Z it was open at. Absent from a Z report
   * kept before they were counted.
   */
  readonly paidAfterClose?: readonly PaidAfterClose[];
  /** The cash drawer opened without a sale during the shift. Absent from a Z report kept before it was recorded. */
  readonly drawerOpenings?: readonly DrawerOpening[];
}

export interface PaidAfterClose {
  readonly referenceId: string;
  /** The Z number of the shift it was taken in, closed while it was still open. */
  readonly shiftNumber: number;
  readonly amount: Money;
}

export interface DrawerOpening {
  readonly at: string;
  /** Who opened it (null: nobody signed in, sign-in not used). */
  readonly by: StaffRef | null;
  /** Why, as they typed it. */
  readonly reason: string;
}

export interface ShiftView {
  readonly id: string;
  /** Numbered per till from 1, in the order shifts were opened; never renumbered (the Z number). */
  readonly number: number;
  readonly openedAt: string;
  readonly closedAt: string | null;
  readonly openedBy: StaffRef | null;
  readonly closedBy: StaffRef | null;
  readonly note: string | null;
  /** The Z report once closed; the shift so far (X) while open. */
  readonly report: ShiftReport;
  /** Still open from an earlier day: the morning's screen flags it. */
  readonly leftOpenOvernight: boolean;
}

export interface SessionView {
  readonly staff: SignedInStaff | null;
  readonly shift: ShiftView | null;
  readonly signInRequired: boolean;
}

export interface SessionEvents {
  /** Someone signed in or out (or was signed out idle), or the shift opened or closed. */
  'session.changed': SessionView;
}

const pin = z.string().regex(/^\d{4,8}$/);
export const staffId = z.string().regex(/^[A-Za-z0-9-]{1,40}$/);

/** Staff and who is signed in: served by electron/core/staff/. */
export interface StaffChannels {
  'staff.list': { request: Record<string, never>; response: { staff: readonly StaffMember[] } };
  /** Adds (no id) or changes a person. Admin only. The PIN is never shown again. */
  'staff.save': {
    request: {
      id?: string | undefined;
      name: string;
      role: StaffRole;
      active?: boolean | undefined;
      pin?: string | undefined;
      badgeCode?: string | null | undefined;
    };
    response: { id: string };
  };
  /**
   * Whose PIN an approver typed, checked as it is entered (before the refund's confirm, which then names them):
   * the person whose own PIN it is and who may approve a refund. Behind the approver's wrong-PIN lock, the one
   * payments.refund's PIN is counted on: a guess here costs what a guess there does. Errors supervisor.pin-wrong
   * (no such PIN, a PIN of someone who may not approve, or locked: the wait in the notice),
   * supervisor.pin-required (nobody who may approve has a PIN).
   */
  'staff.checkApprover': { request: { pin: string }; response: { approver: StaffRef } };
  /**
   * By PIN (with the person picked first, `staffId`: counted against that person's wrong-PIN lock, not the
   * till's), or by the code of a badge read by the USB scanner. Errors auth.wrong-pin, auth.locked.
   */
  'session.signIn': {
    request: { pin: string; staffId?: string | undefined } | { badgeCode: string };
    response: { staff: SignedInStaff };
  };
  'session.signOut': { request: Record<string, never>; response: SessionView };
  'session.current': { request: Record<string, never>; response: SessionView };
}

/** Shifts: served by the payments side (electron/core/shifts/), kept in the payments journal. */
export interface ShiftChannels {
  'shifts.open': { request: { note?: string | undefined }; response: { shift: ShiftView } };
  'shifts.current': { request: Record<string, never>; response: { shift: ShiftView | null } };
  /** Refused shift.payments-open (details.referenceIds) unless force, which needs the close-shift right. */
  'shifts.close': { request: { force?: boolean | undefined }; response: { shift: ShiftView } };
  'shifts.report': { request: { id: string }; response: { shift: ShiftView } };
  /** The shifts opened on a local day (YYYY-MM-DD), for the day summary. */
  'shifts.ofDay': { request: { day: string }; response: { shifts: readonly ShiftView[] } };
}

export const staffRequestSchemas: { [K in keyof StaffChannels]: z.ZodType<StaffChannels[K]['request']> } = {
  'staff.list': empty,
  'staff.save': z
    .object({
      id: staffId.optional(),
      name: printableText(40).trim().min(1),
      role: z.enum(STAFF_ROLES),
      active: z.boolean().optional(),
      pin: pin.optional(),
      badgeCode: z.string().min(4).max(64).nullable().optional(),
    })
    .strict(),
  'staff.checkApprover': z.object({ pin: z.string().min(1).max(32) }).strict(),
  'session.signIn': z.union([
    z.object({ pin: z.string().min(1).max(32), staffId: staffId.optional() }).strict(),
    z.object({ badgeCode: z.string().min(1).max(64) }).strict(),
  ]),
  'session.signOut': empty,
  'session.current': empty,
};

export const shiftRequestSchemas: { [K in keyof ShiftChannels]: z.ZodType<ShiftChannels[K]['request']> } = {
  'shifts.open': z.object({ note: printableText(200).optional() }).strict(),
  'shifts.current': empty,
  'shifts.close': z.object({ force: z.boolean().optional() }).strict(),
  'shifts.report': z.object({ id: z.string().regex(/^[A-Za-z0-9-]{1,64}$/) }).strict(),
  'shifts.ofDay': z.object({ day }).strict(),
};
