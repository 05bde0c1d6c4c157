import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import type { PaymentView } from '../../../shared/payments.ts';
import { journalFileIn } from '../payments/journal/journal.ts';
import { CASHIER_PIN, controlAt, liveTill, SUPERVISOR_PIN, useProviders } from './training-till.test-helper.ts';

// The head office never hears of training: on a till whose head office is on, a training sale, its refund and a
// training cancel put nothing in the outbox (the journal's head_office_outbox, read from the SQLite file), while
// the real sale after the lesson does. The head office's address is a port nobody listens on: the events wait.

const aProvider = useProviders();

describe('the head office outbox on a till that trains', () => {
  it('has no event of a training payment, refund or cancel', async () => {
    const provider = await aProvider();
    const { call, core, dir, startLesson, paid, settled } = await liveTill(provider, undefined, {
      staff: { refundWithoutApprovalUpToMinor: 10_000 },
      settings: { headOffice: { enabled: true, shopId: 'SHOP-TRAINING' } },
      secrets: { headOfficeUrl: 'postgres://pos:pos@127.0.0.1:9/nobody' },
    });
    await startLesson();
    const refunded = await call<PaymentView>('payments.chargeMerchantQr', { amountMinor: 900, currency: 'SGD' });
    await call('training.simulate', { action: 'pay' });
    await paid(refunded.referenceId);
    await call('payments.refund', { referenceId: refunded.referenceId, amountMinor: 400, reason: 'lesson' });
    const cancelled = await call<PaymentView>('payments.chargeMerchantQr', { amountMinor: 700, currency: 'SGD' });
    await call('payments.cancel', { referenceId: cancelled.referenceId, reason: 'lesson' });
    await settled(cancelled.referenceId, 'cancelled');
    await call('session.signOut', {});

    await call('session.signIn', { pin: SUPERVISOR_PIN });
    await call('training.stop', { pin: SUPERVISOR_PIN });
    await call('session.signOut', {});
    await call('session.signIn', { pin: CASHIER_PIN });
    const sale = await call<PaymentView>('payments.chargeMerchantQr', { amountMinor: 1500, currency: 'SGD' });
    await controlAt(provider.origin, 'POST', '/consumer/confirm', { referenceId: sale.referenceId });
    await paid(sale.referenceId);
    await core.close();

    const db = new DatabaseSync(journalFileIn(dir), { readOnly: true });
    const events = db
      .prepare('SELECT kind, body FROM head_office_outbox ORDER BY seq')
      .all()
      .map((row) => ({ kind: String(row['kind']), body: String(row['body']) }));
    db.close();
    const about = (referenceId: string) => events.filter((event) => event.body.includes(referenceId));
    expect(about(sale.referenceId).map((event) => event.kind)).toContain('payment');
    expect(about(refunded.referenceId)).toEqual([]);
    expect(about(cancelled.referenceId)).toEqual([]);
    expect(events.filter((event) => event.body.includes('TRN-'))).toEqual([]);
  });
});
