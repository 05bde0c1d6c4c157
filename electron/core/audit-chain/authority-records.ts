import type { Caller } from '../../../shared/caller.ts';
import type { ChannelName, Handlers, RequestOf, ResponseOf } from '../../../shared/contract.ts';
import { PosError } from '../../../shared/errors.ts';
import type { SignedInStaff } from '../../../shared/staff.ts';
import type { CanonicalValue } from './canonical-json.ts';

// Records of authority kept outside the payment journal's tables (the settings file, the staff file, the drawer,
// the register keys, the vault, a PIN's lock) are chained too, in the journal's chain in a commit of their own,
// when the call that made them has succeeded: one wrapper around the contract's handlers (core.ts), so no
// feature can forget it. What each record holds never includes a secret: a PIN, a key or a secret is recorded as
// "set", never as its value. A record the chain cannot take (the payment journal refused) is logged, and the
// call's answer stands: the chain records authority, it never withholds it.

export interface AuthorityRecord {
  readonly kind: string;
  readonly subject: string;
  readonly record: { readonly [key: string]: CanonicalValue };
}

type Recorder<K extends ChannelName> = (request: RequestOf<K>, response: ResponseOf<K>) => AuthorityRecord;

const RECORDED: { readonly [K in ChannelName]?: Recorder<K> } = {
  'settings.save': (request) => ({
    kind: 'settings.changed',
    subject: 'settings',
    record: {
      settings: (request.settings ?? {}) as CanonicalValue,
      secretsSet: Object.keys(request.secrets ?? {}).sort(),
    },
  }),
  'settings.resetVault': () => ({ kind: 'vault.reset', subject: 'vault', record: {} }),
  'staff.save': (request, response) => ({
    kind: 'staff.changed',
    subject: `staff/${response.id}`,
    record: {
      name: request.name,
      role: request.role,
      active: request.active ?? null,
      pinSet: request.pin !== undefined,
      badgeSet: request.badgeCode !== undefined,
    },
  }),
  'printer.openDrawer': (request) => ({ kind: 'drawer.opened', subject: 'drawer', record: { reason: request.reason } }),
  'journal.resolve': (request) => ({
    kind: 'journal.resolved',
    subject: `journal/${request.journal}`,
    record: { action: request.action },
  }),
  'ecr.createKey': (request, response) => ({
    kind: 'register-key.created',
    subject: `register-key/${response.view.name}`,
    record: { name: request.name },
  }),
  'ecr.revokeKey': (request) => ({
    kind: 'register-key.revoked',
    subject: `register-key/${request.name}`,
    record: { name: request.name },
  }),
};

/** The PIN checks: a try refused while the PIN is locked (pin-guard.ts: it says when to try again) is chained. */
const PIN_CHANNELS: ReadonlySet<ChannelName> = new Set(['session.signIn', 'settings.verifyPin']);

export interface AuthorityDeps {
  /** Appends to the payment journal's chain in a commit of its own; throws when the journal cannot take it. */
  readonly append: (entry: AuthorityRecord) => void;
  readonly signedIn: () => SignedInStaff | null;
  readonly log: (line: string) => void;
}

export function chainedAuthority(handlers: Handlers, deps: AuthorityDeps): Handlers {
  const wrapped: Partial<Record<ChannelName, unknown>> = { ...handlers };
  const chain = (entry: AuthorityRecord): void => {
    const by = deps.signedIn();
    try {
      deps.append({
        ...entry,
        record: { ...entry.record, by: by ? { id: by.id, name: by.name, role: by.role } : null },
      });
    } catch (error) {
      deps.log(`${entry.kind} ${entry.subject} not chained: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  for (const channel of Object.keys(RECORDED) as ChannelName[]) {
    const handler = handlers[channel] as (request: unknown, caller?: Caller) => Promise<unknown>;
    const recorder = RECORDED[channel] as (request: unknown, response: unknown) => AuthorityRecord;
    wrapped[channel] = async (request: unknown, caller?: Caller) => {
      const response = await handler(request, caller);
      chain(recorder(request, response));
      return response;
    };
  }
  for (const channel of PIN_CHANNELS) {
    const handler = handlers[channel] as (request: unknown, caller?: Caller) => Promise<unknown>;
    wrapped[channel] = async (request: unknown, caller?: Caller) => {
      try {
        return await handler(request, caller);
      } catch (error) {
        if (error instanceof PosError && error.details?.['retryAfterSeconds'] !== undefined) {
          const pin = channel === 'session.signIn' ? 'sign-in' : (request as RequestOf<'settings.verifyPin'>).kind;
          const staffId = (request as { staffId?: string }).staffId ?? null;
          chain({ kind: 'pin.locked-out', subject: `pin/${pin}`, record: { pin, staffId } });
        }
        throw error;
      }
    };
  }
  return wrapped as Handlers;
}
