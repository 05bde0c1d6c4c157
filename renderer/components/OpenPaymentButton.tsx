import { useT } from '../i18n/i18n.tsx';
import { useAppStore } from '../stores/app-store.ts';

/**
 * A payment's reference in a list, pressed to open its detail. A button rather than a link: navigation is
 * the app store's, not the address bar's; the label names the reference for screen readers.
 */
export function OpenPaymentButton({ referenceId }: { referenceId: string }) {
  const t = useT();
  const navigate = useAppStore((state) => state.navigate);
  return (
    <button
      type="button"
      className="link-button"
      aria-label={t('payments.open', { reference: referenceId })}
      onClick={() => navigate({ name: 'payment-detail', referenceId })}
    >
      {referenceId}
    </button>
  );
}
