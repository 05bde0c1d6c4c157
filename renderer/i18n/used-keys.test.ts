// Test-only Node imports: the test reads the code's own files.
// eslint-disable-next-line no-restricted-imports
import { readdirSync, readFileSync } from 'node:fs';
// eslint-disable-next-line no-restricted-imports
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../shared/locales/index.ts';

// A screen's word that no code asks for is carried, and translated, in every language for nothing: each t() key
// must be named by some code. Most are named whole ('sale.title'); some are computed from a code —
// t(`display.${view.displayStatus}`) — and those count as used only for the codes they are computed from, read
// from where the code's values are declared, so a word left behind by a status that is gone still shows here.

/** The checkout: Vitest runs from it. */
const ROOT = process.cwd();
const SOURCE_FOLDERS = ['renderer', 'electron', 'shared'];

/** The code that may name a key: no test, no locale file (the words themselves). */
function sourceFiles(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .map((file) => join(folder, file))
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$|\.test-helper\.tsx?$|\.d\.ts$/.test(file))
    .filter((file) => !file.startsWith(join('shared', 'locales')));
}

const SOURCE = SOURCE_FOLDERS.flatMap(sourceFiles)
  .map((file) => readFileSync(join(ROOT, file), 'utf8'))
  .join('\n');

/** The quoted values of a declaration (`export const X = [...] as const;`, `export type X = 'a' | 'b';`). */
function declared(file: string, declaration: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const start = text.indexOf(declaration);
  if (start < 0) throw new Error(`${declaration} is not in ${file}`);
  const body = text.slice(start + declaration.length, text.indexOf(';', start)).replace(/\/\/.*$/gm, '');
  return [...body.matchAll(/'([^']+)'/g)].map((match) => match[1]!);
}

/**
 * Each key prefix the code computes a key under (`prefix${code}`), and the codes it is computed from. The
 * provider's failure codes are the one open set: the provider sends them, and an unknown one is shown as it came
 * (i18n.tsx failureText), so the ones the till translates are listed here.
 */
const COMPUTED: Readonly<Record<string, readonly string[]>> = {
  'display.': declared('shared/payments.ts', 'export const DISPLAY_STATUSES'),
  'holdStatus.': declared('shared/customer-holds.ts', 'export const HOLD_DISPLAY_STATUSES'),
  'chargeStatus.': declared('shared/customers.ts', 'export const CUSTOMER_CHARGE_DISPLAY_STATUSES'),
  'customerStatus.': declared('shared/customers.ts', 'export type LinkedCustomerStatus'),
  'paymentType.': declared('shared/payments.ts', 'export type PaymentType'),
  'method.': [...declared('shared/payments.ts', 'export type PaymentMethod'), 'unknown'],
  'origin.': [
    ...declared('shared/payments.ts', 'export const PAYMENT_ORIGINS'),
    ...declared('shared/payment-history.ts', 'export const HISTORY_ORIGINS'),
  ],
  'refundState.': declared('shared/payments.ts', 'export type RefundState'),
  'journal.name.': declared('shared/journal.ts', 'export const JOURNAL_NAMES'),
  'journal.kind.': declared('shared/journal.ts', 'export const JOURNAL_PROBLEM_KINDS'),
  'status.listener.': declared('shared/status.ts', 'export const LISTENER_NAMES'),
  'env.': declared('shared/settings.ts', 'export const ENVIRONMENT_IDS'),
  'environment.': declared('shared/settings.ts', 'export const ENVIRONMENT_IDS'),
  'settings.mode.': declared('shared/settings.ts', 'export const MODES'),
  'settings.linkedApproval.': declared('shared/settings.ts', 'export const LINKED_APPROVALS'),
  'settings.ecr.network.': declared('shared/register.ts', 'export const REGISTER_NETWORKS'),
  'printer.kind.': declared('shared/printer.ts', 'export const PRINTER_KINDS'),
  'printer.state.': declared('shared/printer.ts', 'export const PRINTER_STATES'),
  'printer.printAs.': declared('shared/printer.ts', 'export const PRINT_AS'),
  'training.simulate.': declared('shared/training.ts', 'export const TRAINING_SIMULATIONS'),
  'staff.role.': declared('shared/staff.ts', 'export const STAFF_ROLES'),
  'staff.right.': declared('shared/staff.ts', 'export const STAFF_RIGHTS'),
  'fleet.check.id.': declared('shared/health.ts', 'export const HEALTH_CHECK_IDS'),
  'updates.phase.': declared('shared/updates.ts', 'export const UPDATE_PHASES'),
  'updates.held.': declared('shared/updates.ts', 'export type UpdateHold'),
  'updates.problem.': declared('shared/updates.ts', 'export type UpdateProblemStage'),
  'headOffice.problem.': declared('shared/head-office.ts', 'export const HEAD_OFFICE_PROBLEMS'),
  'headOffice.state.': declared('shared/head-office.ts', 'export const HEAD_OFFICE_STATES'),
  'summary.line.': declared('shared/day-report-document.ts', 'export type DayMoneyLineKey'),
  'settings.tab.': declared('renderer/screens/settings/settings-sections.ts', 'export const SETTINGS_SECTIONS'),
  'settings.amountLimits.': declared('renderer/screens/settings/LimitsFieldset.tsx', 'limit: '),
  'staff.': declared('renderer/screens/settings/staff-draft.ts', 'export type StaffProblems'),
  'detail.event.': declared('renderer/screens/payments/JournalEvents.tsx', 'const KINDS'),
  'failure.': ['CONSUMER_DECLINED', 'INSUFFICIENT_FUNDS', 'RISK_REJECTED', 'CARD_EXPIRED'],
};

const namedWhole = (key: string): boolean => [`'${key}'`, `"${key}"`, `\`${key}\``].some((q) => SOURCE.includes(q));

const computedFromCode = (key: string): boolean =>
  Object.entries(COMPUTED).some(
    ([prefix, codes]) => key.startsWith(prefix) && codes.includes(key.slice(prefix.length)),
  );

describe('the screens’ words', () => {
  it('are each asked for by some code', () => {
    const unused = Object.keys(LANGUAGES.en.screens).filter((key) => !namedWhole(key) && !computedFromCode(key));
    expect(unused).toEqual([]);
  });

  it('are computed only under prefixes the code still computes them under', () => {
    const gone = Object.keys(COMPUTED).filter((prefix) => !SOURCE.includes(`\`${prefix}\${`));
    expect(gone).toEqual([]);
  });
});
