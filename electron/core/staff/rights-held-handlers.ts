import { askOf } from '../../../shared/channel-rights.ts';
import { CHANNEL_NAMES, type ChannelName, type Handlers, type RequestOf } from '../../../shared/contract.ts';
import { PosError } from '../../../shared/errors.ts';
import { notice } from '../../../shared/notices.ts';
import { roleHas, type SignedInStaff, type StaffRight } from '../../../shared/staff.ts';

// The core's own door on every contract call, whichever transport brought it: before a handler runs, the person
// at the till must hold what shared/channel-rights.ts says the channel asks. core.ts wraps the joined handlers
// once, so no feature can forget it; a service still asks what only its data tells (whose sale, which refund).
//
// It asks without touching the session: a screen that reads now and then (a list left open) is not the person
// at work, and must not keep them signed in past the idle time. The services that act touch it.

export interface RightsHeldDeps {
  /** Who is signed in now; null when nobody is. */
  readonly signedIn: () => SignedInStaff | null;
  /** "Ask who is at the till" is on (never at a kiosk): nobody signed in may only do what is open. */
  readonly signInRequired: () => boolean;
  /** An admin PIN is set: before it, the admin's channels are the till's set-up, open to whoever is at it. */
  readonly adminPinSet: () => boolean;
  /** The till's local day (YYYY-MM-DD), as the payment journal counts its days. */
  readonly today: () => string;
}

export function rightsHeldHandlers(handlers: Handlers, deps: RightsHeldDeps): Handlers {
  const held: Partial<Record<ChannelName, unknown>> = {};
  for (const channel of CHANNEL_NAMES) {
    const handler = handlers[channel] as (request: unknown, ...rest: unknown[]) => Promise<unknown>;
    held[channel] = async (request: unknown, ...rest: unknown[]) => {
      refuseUnlessHeld(channel, request as RequestOf<typeof channel>, deps);
      return handler(request, ...rest);
    };
  }
  return held as Handlers;
}

function refuseUnlessHeld<K extends ChannelName>(channel: K, request: RequestOf<K>, deps: RightsHeldDeps): void {
  const ask = askOf(channel, request, deps.today());
  if (ask.kind === 'open') return;
  const required = deps.signInRequired();
  // The admin's window serves the till as before staff while nobody is asked to sign in (admin-window-rules.ts),
  // and until an admin PIN exists nobody could sign in as an admin: Settings stay open, as settings.save says,
  // so a till asked to know who is there before it has any staff can still be set up (or told not to ask).
  if (ask.kind === 'admin-window' && (!required || !deps.adminPinSet())) return;
  const who = deps.signedIn();
  if (who === null) {
    if (required) throw new PosError('auth.sign-in-required');
    return;
  }
  refuseUnlessRoleHas(who, ask.right);
}

function refuseUnlessRoleHas(who: SignedInStaff, right: StaffRight): void {
  if (roleHas(who.role, right)) return;
  throw new PosError('auth.not-allowed', {
    notice: notice('auth.not-allowed-right', {
      role: notice(`staff.role.${who.role}`),
      right: notice(`staff.right.${right}`),
    }),
  });
}
