import { PosError } from '../../../shared/errors.ts';
import { joinHandlerParts } from '../compose-handlers.ts';
import type { CoreModule } from '../core-module.ts';
import { openJournalGate, type JournalGate } from '../journal-gate.ts';
import { blockedPaymentModule, paymentModuleBehind } from '../journal-stand-ins.ts';
import { findAcrossShop } from '../payments/find-across-shop.ts';
import type { PaymentModule } from '../payments/payment-module.ts';
import { createPaymentModule } from '../payments/payment-service.ts';
import { announcingShiftChanges } from '../shifts/shift-module.ts';
import type { CoreBase } from './core-base.ts';
import type { ServicesContextGives } from './services-context-feature.ts';
import type { SettingsGives } from './settings-feature.ts';
import type { StaffGives } from './staff-feature.ts';

// The in-store payment service behind its journal's gate (../journal-gate.ts): a journal refused at start
// (missing, emptied, replaced, rolled back, corrupt) leaves a stand-in that refuses with journal.lost until an
// admin resolves it. Its shifts answer the staff's session.current.

export interface PaymentsGives {
  readonly payments: PaymentModule;
  readonly paymentGate: JournalGate<PaymentModule>;
}

export const paymentsFeature: CoreModule<CoreBase & SettingsGives & StaffGives & ServicesContextGives, PaymentsGives> =
  {
    name: 'payments',
    async start({ options, context, journalRecords, hooks, staff, settings, admin }) {
      const factory = options.payments ?? createPaymentModule();
      const paymentGate = await openJournalGate({
        journal: 'payments',
        records: journalRecords,
        start: async () => factory(context),
        standIn: blockedPaymentModule,
      });
      const payments = paymentModuleBehind(paymentGate);
      hooks.currentShift.answerWith(() => payments.shifts.current());
      hooks.paymentOpen.answerWith(() => payments.counts().pendingCount > 0);
      // Without a receipt, the shop's other tills too once the head office answers; a payment found at another till
      // is refunded there, whoever asks (../payments/find-across-shop.ts).
      const shopFind = findAcrossShop(payments.handlers['payments.find'], () => hooks.shopPayments.ask());
      return {
        handlers: joinHandlerParts({
          payments: {
            ...payments.handlers,
            'payments.find': shopFind.find,
            'payments.refund': shopFind.guardRefund(payments.handlers['payments.refund']),
            // The admin's, behind the admin lock like settings.save (the rights table asks the right only).
            'payments.archiveYear': async (request) => {
              if (settings.view().secrets.adminPin && !admin.active()) throw new PosError('admin.pin-required');
              return payments.handlers['payments.archiveYear'](request);
            },
          },
          // A shift opened or closed: the screens hear the session again (session.changed).
          shifts: announcingShiftChanges(payments.shifts.handlers, () => staff.announceSession()),
        }),
        close: () => payments.close(),
        gives: { payments, paymentGate },
      };
    },
  };
