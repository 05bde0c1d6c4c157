import type { SecretName, Settings } from '../../../shared/settings.ts';

// Names of settings as the Settings screen shows them, so an error says "Currency: …", not "currency".

const LABELS: Readonly<Record<keyof Settings | SecretName, string>> = {
  environment: 'Environment',
  customBaseUrl: 'Custom base URL',
  accessKeyId: 'Access key id',
  posId: 'Terminal id (posId)',
  country: 'Country',
  currency: 'Currency',
  merchantName: 'Merchant name',
  terminalReference: 'Terminal reference',
  mode: 'Mode',
  kiosk: 'Kiosk',
  locale: 'Language',
  webhookUrl: 'Webhook URL',
  webhookListenPort: 'Webhook listener port',
  partner: 'Partner details',
  amountLimits: 'Amount limits',
  scanner: 'Scanner',
  cameraDeviceId: 'Camera',
  resultDismissSeconds: 'Result display time',
  printReceiptWhenPaid: 'Print the receipt when paid',
  statusRequestsPerSecond: 'Status checks per second',
  tokenized: 'Linked-customer payments',
  accessKeySecret: 'Access key secret',
  supervisorPin: 'Supervisor PIN',
  adminPin: 'Admin PIN',
  tokenizedMerchantSecret: 'Linked-customer merchant secret',
};

/** Fields inside a group that have a label of their own on the Settings screen. */
const NESTED_LABELS: Readonly<Record<string, string>> = {
  'tokenized.merchantId': 'Linked-customer merchant id',
  'tokenized.callbackUrl': 'Linked-customer callback URL',
  'tokenized.customBaseUrl': 'Linked-customer gateway URL (custom)',
  'tokenized.webhookUrl': 'Linked-customer webhook URL',
  'tokenized.webhookListenPort': 'Linked-customer webhook listener port',
};

export function fieldLabel(field: string): string {
  const nested = NESTED_LABELS[field];
  if (nested !== undefined) return nested;
  const top = field.split('.')[0] ?? field;
  return (LABELS as Record<string, string>)[top] ?? field;
}
