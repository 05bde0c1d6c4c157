import type { RegisterSale } from '../../shared/register.ts';
import type { SettingsSection } from '../screens/settings/settings-sections.ts';

// Where the cashier is. A screen is plain data, so any part of the app can send the cashier somewhere.

export type Screen =
  | { readonly name: 'sale' }
  /**
   * chargeId: the charge this window asked for, shown since the click as 'charging' (the Payment screen with the
   * charge's amount, waiting for its answer); the screen stays the same one when the answer names the payment.
   */
  | { readonly name: 'payment'; readonly referenceId: string; readonly chargeId?: string | undefined }
  | { readonly name: 'charging'; readonly chargeId: string }
  /** With registerSale: the scan a register's customer-QR sale waits for (its amount, not the keypad's). */
  | { readonly name: 'scan'; readonly registerSale?: RegisterSale | undefined }
  | { readonly name: 'payments' }
  | { readonly name: 'payment-detail'; readonly referenceId: string }
  | { readonly name: 'refund'; readonly referenceId?: string | undefined }
  | { readonly name: 'unresolved' }
  | { readonly name: 'summary' }
  | { readonly name: 'customers'; readonly merchantUserId?: string | undefined }
  /** section: the one to open (the status bar's "check this till" opens About, the demo's checklist its item's), else the first. */
  | { readonly name: 'settings'; readonly section?: SettingsSection | undefined }
  /** Open a shift, its X report, close it (Z), reprint a past Z. */
  | { readonly name: 'shift' }
  /** The shop's day and tills, from the head office. */
  | { readonly name: 'shop' };

export type ScreenName = Screen['name'];
