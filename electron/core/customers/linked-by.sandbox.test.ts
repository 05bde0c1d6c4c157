import { describe, expect, it } from 'vitest';
import { ALICE, BOB, testStaffAccess } from '../shifts/staff-access.test-helper.ts';
import { dataDir, linked, setUpCustomerServiceTests, start } from './customer-service.test-helper.ts';
import { customerJournalFileIn, openCustomerJournal } from './journal.ts';

// Linking a customer records who linked them (issue 38, customer schema 7): the person signed in when the link was
// started (the customer approves on their display later, with nobody at the till acting), kept on the session and
// then on the customer; a relink names whoever linked again. Over the embedded sandbox, with a real journal.

setUpCustomerServiceTests();

function customerRow(merchantUserId: string) {
  const journal = openCustomerJournal({ filePath: customerJournalFileIn(dataDir) });
  try {
    return journal.getCustomer(merchantUserId)!;
  } finally {
    journal.close();
  }
}

describe('linking a customer', () => {
  it('records who linked them, and who linked them again', async () => {
    const staff = testStaffAccess({ signInRequired: true });
    const { h, module } = await start({}, undefined, staff);
    staff.signIn(ALICE);
    const user = await linked(h, module);
    expect(customerRow(user).linkedBy).toEqual({ id: ALICE.id, name: ALICE.name });

    staff.signIn(BOB);
    await linked(h, module, user);
    expect(customerRow(user).linkedBy).toEqual({ id: BOB.id, name: BOB.name });
  });

  it('names nobody when nobody signs in at this till', async () => {
    const { h, module } = await start({}, undefined, testStaffAccess({ signInRequired: false }));
    const user = await linked(h, module);
    expect(customerRow(user).linkedBy).toBeNull();
  });
});
