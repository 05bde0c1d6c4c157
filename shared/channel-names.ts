// The plain lists of channel and event names, without zod: the sandboxed preload bundles this file alone
// (it must stay tiny), while shared/contract.ts checks at compile time that these lists match its maps.

export const CHANNEL_NAME_LIST = [
  'app.info',
  'status.get',
  'settings.get',
  'settings.save',
  'settings.testConnection',
  'settings.verifyPin',
  'settings.resetVault',
  'journal.resolve',
  'payments.chargeMerchantQr',
  'payments.chargeCustomerQr',
  'payments.cancel',
  'payments.refund',
  'payments.get',
  'payments.history',
  'payments.summary',
  'payments.unresolved',
  'payments.checkNow',
  'payments.onScreen',
  'payments.exportCsv',
  'customers.startLink',
  'customers.openConsent',
  'customers.completeLink',
  'customers.linkStatus',
  'customers.list',
  'customers.find',
  'customers.cashback',
  'customers.charge',
  'customers.placeHold',
  'customers.capture',
  'customers.void',
  'customers.unlink',
  'customers.unresolved',
  'customers.ofDay',
  'customers.requestApproval',
  'customers.answerApproval',
  'customers.approvalStatus',
  'receipts.print',
  'ecr.keys',
  'ecr.createKey',
  'ecr.revokeKey',
  'ecr.status',
  'ecr.openSale',
  'ecr.cancelSale',
] as const;

export const EVENT_NAME_LIST = [
  'payment.updated',
  'refund.updated',
  'payment.checked',
  'status.changed',
  'settings.changed',
  'customers.updated',
  'customers.consentOnDisplay',
  'customers.approvalOnDisplay',
  'ecr.sale',
] as const;

/** Electron IPC: the one invoke channel every contract call travels on, and the one event channel back. */
export const IPC_INVOKE_CHANNEL = 'pos:invoke';
export const IPC_EVENT_CHANNEL = 'pos:event';
