import type { CountryCode } from '../../../shared/money.ts';
import type { Settings } from '../../../shared/settings.ts';
import type { DemoCredentials } from './provider-access.ts';

// Which terminal and country requests go out as: the demo merchant's in demo mode (whatever Settings hold
// for a real environment), else the configured ones. app.info and receipts must name the same terminal.

export interface TerminalInEffect {
  readonly posId: string;
  readonly country: CountryCode;
}

export function terminalInEffect(settings: Settings, demo: DemoCredentials): TerminalInEffect {
  return settings.environment === 'embedded-sandbox'
    ? { posId: demo.posId, country: demo.country }
    : { posId: settings.posId, country: settings.country };
}
