import { describe, expect, it } from 'vitest';
import { CHANNEL_NAME_LIST } from '../../../shared/channel-names.ts';
import type { Handlers } from '../../../shared/contract.ts';
import { PosError } from '../../../shared/errors.ts';
import { money } from '../../../shared/money.ts';
import { composeHandlers } from '../compose-handlers.ts';
import { caught } from '../../testing/helpers.ts';
import type { ApprovalGate, ApprovedRequest } from './approvals.ts';
import { createApprovals } from './approvals.ts';
import { linked, setUpCustomerServiceTests, start, truth } from './customer-service.test-helper.ts';

// customers.charge and customers.capture have one owner, the customer module, which asks the approval gate
// itself before either leaves: nothing wraps (and silently replaces) its handlers in the core's map.

setUpCustomerServiceTests();

/** A gate that says no without an approval id and remembers what it was asked to approve. */
function recordingGate(): ApprovalGate & { asked: { approvalId: string | undefined; expected: ApprovedRequest }[] } {
  const asked: { approvalId: string | undefined; expected: ApprovedRequest }[] = [];
  return {
    asked,
    consume(approvalId, expected) {
      asked.push({ approvalId, expected });
      if (approvalId === undefined) throw new PosError('approval.required');
      return null;
    },
  };
}

describe('the customer module asks the approval gate before charging or capturing', () => {
  it('refuses a charge and a capture without approval before anything is sent; with one, for exactly that', async () => {
    const gate = recordingGate();
    const { h, module } = await start({}, gate);
    const user = await linked(h, module);

    const refused = await caught(
      h['customers.charge']({ merchantUserId: user, amountMinor: 450, currency: 'SGD', useCashback: false }),
    );
    expect(refused.code).toBe('approval.required');
    expect(await truth('charges')).toEqual([]);
    expect((await h['customers.find']({ merchantUserId: user })).charges).toEqual([]);

    const charged = await h['customers.charge']({
      merchantUserId: user,
      amountMinor: 450,
      currency: 'SGD',
      useCashback: false,
      approvalId: 'approved-1',
    });
    expect(charged.displayStatus).toBe('approved');
    expect(gate.asked.at(-1)).toEqual({
      approvalId: 'approved-1',
      expected: { action: 'charge', merchantUserId: user, amount: money(450, 'SGD') },
    });

    const hold = await h['customers.placeHold']({ merchantUserId: user, amountMinor: 900, currency: 'SGD' });
    expect((await caught(h['customers.capture']({ merchantRef: hold.merchantRef }))).code).toBe('approval.required');
    expect((await h['customers.find']({ merchantUserId: user })).holds[0]?.displayStatus).toBe('authorized');
    await h['customers.capture']({ merchantRef: hold.merchantRef, approvalId: 'approved-2' });
    expect(gate.asked.at(-1)).toEqual({
      approvalId: 'approved-2',
      expected: { action: 'capture', merchantRef: hold.merchantRef },
    });
  });

  it('so the core composes the customer module and the approval questions side by side, each channel once', async () => {
    const { module, context } = await start();
    const approvals = createApprovals(context, { customers: module.handlers });
    expect(Object.keys(approvals.handlers).sort()).toEqual([
      'customers.answerApproval',
      'customers.approvalStatus',
      'customers.requestApproval',
    ]);
    const taken = new Set([...Object.keys(module.handlers), ...Object.keys(approvals.handlers)]);
    const rest = Object.fromEntries(
      CHANNEL_NAME_LIST.filter((name) => !taken.has(name)).map((name) => [name, async () => name]),
    ) as Partial<Handlers>;
    expect(() => composeHandlers({ customers: module.handlers, approvals: approvals.handlers, rest })).not.toThrow();
    // A wrapper serving charge again beside its owner is what composeHandlers refuses.
    expect(() =>
      composeHandlers({
        customers: module.handlers,
        approvals: { ...approvals.handlers, 'customers.charge': module.handlers['customers.charge'] },
        rest,
      }),
    ).toThrow('channel customers.charge is served twice: by customers and by approvals');
  });
});
