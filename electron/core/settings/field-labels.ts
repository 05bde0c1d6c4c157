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
  tokenized: 'Linked-customer payments',
  accessKeySecret: 'Access key secret',
  supervisorPin: 'Supervisor PIN',
  adminPin: 'Admin PIN',
  tokenizedMerchantSecret: 'Linked-customer merchant secret',
};

export function fieldLabel(field: string): string {
  const top = field.split('.')[0] ?? field;
  return (LABELS as Record<string, string>)[top] ?? field;
}
