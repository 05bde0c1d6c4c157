import { useLocale, useT } from '../../i18n/i18n.tsx';
import { useCashierSale } from '../../stores/cashier-sale.ts';
import { useHeldRegisterSaleStore } from '../../stores/held-register-sale-store.ts';
import { money } from '../format.ts';
import { showRegisterSale } from '../../hooks/use-register-sales.ts';

/**
 * "The register sent a sale of S$80.00 — it shows as soon as this sale is done": a register's sale that arrived
 * while the cashier was mid-sale, or on a screen where they type (Refund, Settings), waits here instead of taking
 * the screen; the cashier may take it at once.
 */
export function HeldRegisterSaleBanner() {
  const t = useT();
  const locale = useLocale();
  const held = useHeldRegisterSaleStore((state) => state.held);
  // Held for the cashier's own sale, or for what they are typing on this screen (use-register-sales.ts).
  const whileSelling = useCashierSale() !== null;
  if (!held) return null;
  return (
    <div
      className="open-payment-banner"
      role="status"
      data-testid="held-register-sale"
      data-reference-id={held.referenceId}
    >
      <p>
        {t(whileSelling ? 'register.heldSale' : 'register.heldSaleOnScreen', {
          amount: money(held.amount, locale),
          name: held.orderReference ?? held.keyName,
        })}
      </p>
      <button
        type="button"
        className="button button-secondary"
        onClick={() => showRegisterSale(held)}
        data-testid="held-register-sale-show"
      >
        {t('register.heldSaleShow')}
      </button>
    </div>
  );
}
