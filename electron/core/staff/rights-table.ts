import { CHANNEL_RIGHTS, type ChannelAsk, type ChannelRule } from '../../../shared/channel-rights.ts';
import { CHANNEL_NAMES } from '../../../shared/contract.ts';
import { STAFF_SCREENS_EN } from '../../../shared/locales/en/staff-screens.ts';
import { STAFF_RIGHTS, STAFF_ROLES, roleHas, type StaffRole } from '../../../shared/staff.ts';

// The README's "Staff and shifts" tables, made from the code itself (shared/staff.ts's ROLE_RIGHTS and
// shared/channel-rights.ts), as an owner reads them: `npm run rights-table -- --write` puts them in the README,
// and rights-table.test.ts fails when the README says anything else.

export const TABLE_START = '<!-- rights-table:start (npm run rights-table -- --write) -->';
export const TABLE_END = '<!-- rights-table:end -->';

const ROLE_NAMES: Readonly<Record<StaffRole, string>> = {
  cashier: STAFF_SCREENS_EN['staff.role.cashier'],
  supervisor: STAFF_SCREENS_EN['staff.role.supervisor'],
  admin: STAFF_SCREENS_EN['staff.role.admin'],
};

type Person = StaffRole | 'nobody';
const PEOPLE: readonly Person[] = ['nobody', ...STAFF_ROLES];

/** Both tables, between the markers the README keeps them in. */
export function rightsTables(): string {
  return [TABLE_START, '', roleTable(), '', channelTable(), '', TABLE_END].join('\n');
}

function roleTable(): string {
  const head = `| Right | ${STAFF_ROLES.map((role) => ROLE_NAMES[role]).join(' | ')} |`;
  const rule = `| --- | ${STAFF_ROLES.map(() => ':---:').join(' | ')} |`;
  const rows = STAFF_RIGHTS.map((right) => {
    const cells = STAFF_ROLES.map((role) => (roleHas(role, right) ? 'yes' : '—'));
    return `| \`${right}\`: ${STAFF_SCREENS_EN[`staff.right.${right}`]} | ${cells.join(' | ')} |`;
  });
  return [head, rule, ...rows].join('\n');
}

function channelTable(): string {
  const head = `| Channel | Asks | Nobody signed in (sign-in on) | ${STAFF_ROLES.map((role) => ROLE_NAMES[role]).join(' | ')} |`;
  const rule = `| --- | --- | ${PEOPLE.map(() => '---').join(' | ')} |`;
  const rows = CHANNEL_NAMES.map((channel) => {
    const rule = CHANNEL_RIGHTS[channel] as ChannelRule<unknown>;
    return `| \`${channel}\` | ${asksOf(rule)} | ${PEOPLE.map((person) => cellOf(rule, person)).join(' | ')} |`;
  });
  return [head, rule, ...rows].join('\n');
}

function asksOf(rule: ChannelRule<unknown>): string {
  if (rule.kind !== 'by-request') return askWords(rule);
  return Object.entries(rule.cases)
    .map(([name, ask]) => `${name}: ${askWords(ask)}`)
    .join('; ');
}

function askWords(ask: ChannelAsk): string {
  const also = ask.also === undefined ? '' : ` — ${ask.also}`;
  if (ask.kind === 'open') return `nothing${also}`;
  if (ask.kind === 'right') return `\`${ask.right}\`${also}`;
  return `\`${ask.right}\` and the admin's window${also}`;
}

function cellOf(rule: ChannelRule<unknown>, person: Person): string {
  if (rule.kind !== 'by-request') return askCell(rule, person);
  const cells = Object.entries(rule.cases).map(([name, ask]) => [name, askCell(ask, person)] as const);
  if (cells.every(([, cell]) => cell === cells[0]![1])) return cells[0]![1];
  return cells.map(([name, cell]) => `${name}: ${cell}`).join('; ');
}

function askCell(ask: ChannelAsk, person: Person): string {
  if (ask.kind === 'open') return 'yes';
  if (person === 'nobody') return 'sign in';
  if (!roleHas(person, ask.right)) return 'no';
  return ask.kind === 'admin-window' ? 'with their PIN' : 'yes';
}

/** The README with its tables made again from the code (the markers must be there already). */
export function withRightsTables(readme: string): string {
  const start = readme.indexOf(TABLE_START);
  const end = readme.indexOf(TABLE_END);
  if (start < 0 || end < start) throw new Error(`README.md has no ${TABLE_START} … ${TABLE_END}`);
  return readme.slice(0, start) + rightsTables() + readme.slice(end + TABLE_END.length);
}
