import type { RegisterSale } from '../../../shared/register.ts';
import type { CoreEventListener } from '../core-api.ts';

// The core's events, read as "a register sale changed": payment.updated for a payment a register started,
// ecr.sale for a customer-QR sale before its payment exists. Long polls and event streams follow these; neither
// ever polls the journal on a timer. A sale is its key's by the key's id (a key made again under an old name
// hears nothing of the old one's sales).

export type SaleUpdateListener = (referenceId: string, keyId: string) => void;

export function onSaleUpdate(
  subscribe: (listener: CoreEventListener) => () => void,
  listener: SaleUpdateListener,
): () => void {
  return subscribe((event) => {
    if (event.event === 'payment.updated') {
      const origin = event.payload.fromRegister;
      if (origin) listener(event.payload.referenceId, origin.keyId);
    } else if (event.event === 'ecr.sale') {
      const sale: RegisterSale = event.payload;
      listener(sale.referenceId, sale.keyId);
    }
  });
}
