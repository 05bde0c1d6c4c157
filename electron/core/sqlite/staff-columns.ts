import type { StaffRef } from '../../../shared/staff.ts';
import { textOrNull, type SqlRow } from './columns.ts';

// Who did it, as both journals record it (payment schema 14, customer schema 5): a pair of columns, the staff id
// and the name the person had at the time (a person renamed later keeps their old name on what they did).

const STAFF_ID = `TEXT CHECK (%s IS NULL OR length(%s) BETWEEN 1 AND 80)`;
const STAFF_NAME = `TEXT CHECK (%s IS NULL OR length(%s) BETWEEN 1 AND 80)`;

/** `<who>_id` and `<who>_name` added to `table`, as a migration's ALTER TABLE statements. */
export function staffColumns(table: string, who: string): string {
  const id = `${who}_id`;
  const name = `${who}_name`;
  return `
    ALTER TABLE ${table} ADD COLUMN ${id} ${STAFF_ID.replaceAll('%s', id)};
    ALTER TABLE ${table} ADD COLUMN ${name} ${STAFF_NAME.replaceAll('%s', name)};`;
}

/** A person as recorded with what they did: `<who>_id` and `<who>_name`, both or neither. */
export function staffRefOf(row: SqlRow, who: string): StaffRef | null {
  const id = textOrNull(row, `${who}_id`);
  return id === null ? null : { id, name: textOrNull(row, `${who}_name`) ?? id };
}
