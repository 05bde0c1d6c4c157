import { STAFF_ROLES, type StaffRole } from '../../../../shared/staff.ts';
import type { RosterPerson } from '../../staff/staff-roster.ts';
import { staffSince, type HeadOfficeDb } from '../pg/index.ts';
import type { ReadRoster } from './roster-link.ts';

// The roster as the link reads it, from the head office's `staff` table (ho-wire's staffSince). A person whose
// role this version does not know (written by a newer till) is left out rather than given a role by guess;
// the revision still moves past them.

/** `db`: the pool to read from, asked at each read (the head office service's `db()` follows its URL). */
export function readRosterFrom(db: () => Promise<HeadOfficeDb>): ReadRoster {
  return async (shopId, revision) => {
    const page = await staffSince(await db(), shopId, revision);
    const people = page.people.flatMap((person): RosterPerson[] =>
      isRole(person.role)
        ? [
            {
              personId: person.personId,
              name: person.name,
              role: person.role,
              active: person.active,
              pinSalt: person.pinSalt,
              pinHash: person.pinHash,
            },
          ]
        : [],
    );
    return { people, revision: page.revision };
  };
}

function isRole(role: string): role is StaffRole {
  return (STAFF_ROLES as readonly string[]).includes(role);
}
