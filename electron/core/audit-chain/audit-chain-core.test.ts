import { readFileSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { closeOpenedCores, openCore, paidPayment } from '../core.test-helper.ts';
import { journalFileIn } from '../payments/journal/journal.ts';
import { verifyExport } from './chain-export.ts';
import { verifyJournalFile } from './journal-verify.ts';

// The audit chain in a whole till: payments through the embedded sandbox, and the records of authority kept
// outside the journal (settings, staff, the drawer) chained when their call succeeds; About's key and export.

afterEach(closeOpenedCores);

function kindsIn(dir: string): { kind: string; subject: string; record: Record<string, unknown> }[] {
  const db = new DatabaseSync(journalFileIn(dir), { readOnly: true });
  try {
    return db
      .prepare('SELECT body FROM audit_chain ORDER BY seq')
      .all()
      .map(
        (row) => JSON.parse(String(row['body'])) as { kind: string; subject: string; record: Record<string, unknown> },
      );
  } finally {
    db.close();
  }
}

describe('the audit chain of a till', () => {
  it('chains a sale, a settings change and a staff change; secrets are recorded as set, never their value', async () => {
    const { core, dir } = await openCore();
    await paidPayment(core);
    await core.handlers['settings.save']({
      settings: { merchantName: 'Kopi Corner' },
      secrets: { adminPin: '90571368' },
    });
    await core.handlers['settings.verifyPin']({ kind: 'admin', pin: '90571368' });
    const saved = await core.handlers['staff.save']({ name: 'Alice Tan', role: 'cashier', pin: '4826' });

    const entries = kindsIn(dir);
    expect(entries.map((entry) => entry.kind)).toEqual(
      expect.arrayContaining(['payment.created', 'payment.changed', 'settings.changed', 'staff.changed']),
    );
    const settings = entries.find((entry) => entry.kind === 'settings.changed')!;
    expect(settings.record).toMatchObject({ settings: { merchantName: 'Kopi Corner' }, secretsSet: ['adminPin'] });
    const staff = entries.find((entry) => entry.kind === 'staff.changed')!;
    expect(staff).toMatchObject({ subject: `staff/${saved.id}`, record: { name: 'Alice Tan', pinSet: true } });
    expect(JSON.stringify(entries)).not.toContain('90571368');
    expect(JSON.stringify(entries)).not.toContain('4826');
    expect(verifyJournalFile(journalFileIn(dir))?.findings).toEqual([]);
  });

  it('About shows the till key and the chain’s last entry; the export checks out with that key', async () => {
    const { core } = await openCore();
    await paidPayment(core);
    const info = await core.handlers['auditChain.info']({});
    expect(info.head.entries).toBeGreaterThan(0);
    expect(info.fingerprint).toMatch(/^[0-9a-f]{4}( [0-9a-f]{4}){3}$/);
    const exported = await core.handlers['auditChain.export']({});
    expect(exported.entries).toBe(info.head.entries);
    const verdict = verifyExport(readFileSync(exported.path, 'utf8'), info.publicKey);
    expect(verdict.problems).toEqual([]);
    expect(verdict.head).toEqual(info.head);
  });
});
