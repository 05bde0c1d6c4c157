import type { Handlers } from '../../../shared/contract.ts';
import { PosError } from '../../../shared/errors.ts';
import type { HeadOfficeChannels } from '../../../shared/head-office.ts';
import { storedHead } from '../audit-chain/chain-file.ts';
import type { CoreModule } from '../core-module.ts';
import { createHeadOfficeService } from '../head-office/head-office-service.ts';
import { shopDay, shopTills } from '../head-office/pg/index.ts';
import { followShopRoster } from '../head-office/roster/shop-roster.ts';
import { shopPaymentsFinder } from '../head-office/shop-payments.ts';
import { testConnection } from '../head-office/test-connection.ts';
import { journalFileIn } from '../payments/journal/journal.ts';
import { localDayOf, systemTimeZone } from '../sqlite/local-time.ts';
import type { CoreBase } from './core-base.ts';
import type { CustomersGives } from './customers-feature.ts';
import type { DayReportGives } from './day-report-feature.ts';
import type { PaymentsGives } from './payments-feature.ts';
import type { PrintingGives } from './printing-feature.ts';
import type { ServicesContextGives } from './services-context-feature.ts';
import type { SettingsGives } from './settings-feature.ts';
import type { StaffGives } from './staff-feature.ts';

// The head office (../head-office/): this till's journal changes sent to the chain's PostgreSQL, its heartbeat,
// its identity, and the shop's day and tills read back. Started after the services whose journals fill the outbox
// (they attach to it as they open, services-context-feature.ts), so it closes before them.

type Needs = CoreBase &
  SettingsGives &
  StaffGives &
  ServicesContextGives &
  PaymentsGives &
  CustomersGives &
  DayReportGives &
  PrintingGives;

export const headOfficeFeature: CoreModule<Needs> = {
  name: 'head office',
  start({
    options,
    settings,
    admin,
    staff,
    headOfficeOutbox,
    payments,
    customers,
    dayReport,
    printing,
    bus,
    hooks,
    linesOf,
  }) {
    const today = (): string => localDayOf(Date.now(), systemTimeZone());
    const service = createHeadOfficeService({
      dataDir: options.dataDir,
      version: options.version,
      settings,
      outbox: headOfficeOutbox,
      emit: (status) => bus.emit('headOffice.changed', status),
      daySummary: (day) => dayReport['payments.summary']({ day }),
      tillState: () => ({
        signedIn: staff.access.signedIn()?.name ?? null,
        openShift: payments.shifts.current()?.number ?? null,
        unresolvedCount: payments.counts().unresolvedCount + customers.unresolvedCount(),
        printerState: printing.status()?.state ?? null,
      }),
      today,
      chainHead: () => storedHead(journalFileIn(options.dataDir)),
      log: linesOf('head-office'),
      options: options.headOffice,
    });
    // payments.find's candidates at the shop's other tills (../head-office/shop-payments.ts).
    const shopPayments = shopPaymentsFinder({
      db: () => service.db(),
      shopId: () => settings.current().headOffice.shopId,
      tillId: () => service.identity.current().tillId,
      log: linesOf('head-office'),
    });
    hooks.shopPayments.answerWith(() => shopPayments);
    // The shop's one staff roster (../head-office/roster/): on while Settings → Head office names a shop.
    const roster = followShopRoster({
      settings,
      roster: staff.roster,
      outbox: headOfficeOutbox,
      db: () => service.db(),
      log: linesOf('roster'),
    });
    const handlers: Pick<Handlers, keyof HeadOfficeChannels> = {
      'headOffice.status': async () => {
        service.status.recount();
        return service.status.current();
      },
      'headOffice.identity': async () => service.identity.current(),
      // A new identity for the till: the admin's window, as for the settings it joins.
      'headOffice.enrol': async () => {
        if (settings.view().secrets.adminPin && !admin.active()) throw new PosError('admin.pin-required');
        return service.enrol();
      },
      'headOffice.test': async ({ url }) => testConnection(url ?? (await settings.readSecret('headOfficeUrl'))),
      'shop.day': async ({ day }) =>
        shopDay(await service.db(), settings.current().headOffice.shopId, day, settings.current().currency),
      'shop.tills': async () => ({ tills: await shopTills(await service.db(), settings.current().headOffice.shopId) }),
    };
    return {
      handlers,
      run: () => service.run(),
      close: async () => {
        await roster.close();
        await service.close();
      },
    };
  },
};
