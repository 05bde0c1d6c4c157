import { afterEach, describe, expect, it } from 'vitest';
import type { CustomerChargeView } from '../../../shared/customers.ts';
import { approveOnConsentPage } from '../../sandbox/tokenized/tokenized.test-helper.ts';
import { closeOpenedCores, openCore } from '../core.test-helper.ts';
import { dispatch } from '../dispatch.ts';
import { csvRecords } from '../payments/journal/csv-rows.test-helper.ts';
import { localDayOf, systemTimeZone } from '../sqlite/local-time.ts';

// Linked customers with the real staff module, through the composed core (dispatch: schemas, handlers, envelopes):
// "Ask who is at the till" refuses a customer's charge while nobody is signed in, a cashier may not unlink, and a
// charge approved by the supervisor's own PIN names the cashier and the approver in its view and in the day's CSV.

afterEach(closeOpenedCores);

async function staffedCore() {
  const first = await openCore();
  await dispatch(first.core.handlers, 'settings.save', { secrets: { adminPin: '8642', supervisorPin: '4821' } });
  await first.core.close();
  const opened = await openCore(first.dir);
  const call = async <T>(channel: string, payload: unknown): Promise<T> => {
    const result = await dispatch(opened.core.handlers, channel, payload);
    if (!result.ok) throw Object.assign(new Error(result.error.code), { code: result.error.code });
    return result.value as T;
  };
  const refusal = async (channel: string, payload: unknown): Promise<string> => {
    const result = await dispatch(opened.core.handlers, channel, payload);
    if (result.ok) throw new Error(`${channel} was not refused`);
    return result.error.code;
  };
  return { ...opened, call, refusal };
}

describe('linked customers through the core, with real staff', () => {
  it('sign-in required: refused while nobody is signed in; a cashier charges with a supervisor’s PIN, named in the CSV', async () => {
    const { core, call, refusal } = await staffedCore();
    await call('settings.verifyPin', { kind: 'admin', pin: '8642' });
    const { id: annId } = await call<{ id: string }>('staff.save', { name: 'Ann Lee', role: 'cashier', pin: '1111' });
    await call('settings.save', { settings: { linkedApproval: 'supervisor-pin', staff: { signInRequired: true } } });
    await call('session.signOut', {});

    const user = 'core-staff-1';
    expect(await refusal('customers.startLink', { merchantUserId: user, emailHint: 'lee@example.com' })).toBe(
      'auth.sign-in-required',
    );
    const question = { action: 'charge', merchantUserId: user, amountMinor: 640, currency: 'SGD' };
    const charge = { merchantUserId: user, amountMinor: 640, currency: 'SGD', useCashback: false };
    expect(await refusal('customers.requestApproval', question)).toBe('auth.sign-in-required');
    expect(await refusal('customers.charge', charge)).toBe('auth.sign-in-required');

    await call('session.signIn', { pin: '1111' });
    const started = await call<{ linkToken: string }>('customers.startLink', {
      merchantUserId: user,
      emailHint: 'lee@example.com',
    });
    const request = core.consent.consentRequest(started.linkToken);
    const location = await approveOnConsentPage(request.url, request.headers['X-Service-App-Token']!);
    await call('customers.completeLink', { linkToken: started.linkToken, redirectedTo: location.toString() });

    const asked = await call<{ approvalId: string }>('customers.requestApproval', question);
    // The built-in Supervisor's own PIN (set before staff existed) approves.
    await call('customers.answerApproval', { approvalId: asked.approvalId, approve: true, supervisorPin: '4821' });
    const charged = await call<CustomerChargeView>('customers.charge', { ...charge, approvalId: asked.approvalId });
    expect(charged).toMatchObject({
      displayStatus: 'approved',
      takenBy: { id: annId, name: 'Ann Lee' },
      approvedBy: { id: 'supervisor', name: 'Supervisor' },
    });
    // A cashier may not drop a customer's link (cancel-any).
    expect(await refusal('customers.unlink', { merchantUserId: user })).toBe('auth.not-allowed');

    const day = localDayOf(Date.now(), systemTimeZone());
    const { csv } = await call<{ csv: string }>('payments.exportCsv', { day });
    const linked = csvRecords(csv).filter((record) => record['Record'] === 'linked charge');
    expect(linked).toHaveLength(1);
    expect(linked[0]).toMatchObject({
      Reference: charged.merchantRef,
      Cashier: 'Ann Lee',
      'Approved by': 'Supervisor',
    });
  });
});
