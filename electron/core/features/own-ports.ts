import type { CreateCoreOptions } from '../core-options.ts';
import type { ProviderAccess } from '../provider/provider-access.ts';

/**
 * The ports this till itself listens on besides its settings' listeners: the transport's (the web host) and the
 * embedded sandbox's. Settings refuse them for a listener (the register connection, a webhook) or a printer.
 */
export function tillOwnPorts(options: CreateCoreOptions, provider: Pick<ProviderAccess, 'sandbox'>): number[] {
  const sandbox = provider.sandbox();
  return [options.transportPort?.() ?? 0, sandbox ? Number(new URL(sandbox.origin).port) : 0];
}
