import type { StaffChannels, StaffMember, StaffRole } from '../../../shared/staff.ts';

// The person being added or edited on Settings → Staff, and what is checked before it is sent (the core checks
// again): a name, a PIN of 4 to 8 digits typed twice the same (a new person must have one; an edit keeps the
// old one when both are left empty).

export interface StaffDraft {
  readonly id: string | null;
  readonly name: string;
  readonly role: StaffRole;
  readonly active: boolean;
  readonly pin: string;
  readonly pinAgain: string;
  /** undefined: leave the badge as it is; null: remove it; a string: the code just scanned. */
  readonly badgeCode: string | null | undefined;
  /** Whether the person had a badge when the editor opened. */
  readonly hadBadge: boolean;
}

export type StaffProblems = Partial<
  Record<'name' | 'pin' | 'pinAgain', 'nameMissing' | 'pinBad' | 'pinMismatch' | 'pinNeeded'>
>;

export function newStaffDraft(): StaffDraft {
  return {
    id: null,
    name: '',
    role: 'cashier',
    active: true,
    pin: '',
    pinAgain: '',
    badgeCode: undefined,
    hadBadge: false,
  };
}

export function staffDraftOf(member: StaffMember): StaffDraft {
  const { id, name, role, active, hasBadge } = member;
  return { id, name, role, active, pin: '', pinAgain: '', badgeCode: undefined, hadBadge: hasBadge };
}

export function staffProblems(draft: StaffDraft): StaffProblems {
  const problems: StaffProblems = {};
  if (draft.name.trim() === '') problems.name = 'nameMissing';
  if (draft.pin === '' && draft.pinAgain === '') {
    if (draft.id === null) problems.pin = 'pinNeeded';
  } else if (!/^\d{4,8}$/.test(draft.pin)) problems.pin = 'pinBad';
  else if (draft.pin !== draft.pinAgain) problems.pinAgain = 'pinMismatch';
  return problems;
}

/** The staff.save request: only what the admin set (an empty PIN or an untouched badge stay as they are). */
export function staffSaveRequest(draft: StaffDraft): StaffChannels['staff.save']['request'] {
  return {
    ...(draft.id !== null ? { id: draft.id } : {}),
    name: draft.name.trim(),
    role: draft.role,
    active: draft.active,
    ...(draft.pin !== '' ? { pin: draft.pin } : {}),
    ...(draft.badgeCode !== undefined ? { badgeCode: draft.badgeCode } : {}),
  };
}
