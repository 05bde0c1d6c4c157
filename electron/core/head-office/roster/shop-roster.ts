import type { SettingsService } from '../../settings/settings-service.ts';
import type { StaffRoster } from '../../staff/staff-roster.ts';
import type { TillOutbox } from '../outbox/till-outbox.ts';
import type { HeadOfficeDb } from '../pg/index.ts';
import { readRosterFrom } from './read-roster.ts';
import { sendThrough, startRosterLink, type RosterLink } from './roster-link.ts';

// The roster link for the shop this till is in, following Settings → Head office: on while it is enabled with a
// shop id, started again for another shop id, stopped when it is turned off (this till's changes then wait as
// unsent, ../../staff/staff-roster.ts). What the head office feature starts beside its sender.

export interface ShopRoster {
  close(): Promise<void>;
}

export function followShopRoster(options: {
  readonly settings: Pick<SettingsService, 'current' | 'onChange'>;
  readonly roster: StaffRoster;
  readonly outbox: Pick<TillOutbox, 'append'>;
  /** The head office's pool (the head office service's `db()`: it throws while off or unreachable). */
  readonly db: () => Promise<HeadOfficeDb>;
  readonly everyMs?: number;
  readonly log?: (line: string) => void;
}): ShopRoster {
  let link: RosterLink | null = null;
  let linkedShop: string | null = null;
  // One change of link at a time: a stop finishes before the next link starts sending.
  let turning: Promise<void> = Promise.resolve();

  const follow = (): Promise<void> => {
    const { enabled, shopId } = options.settings.current().headOffice;
    const wanted = enabled && shopId !== '' ? shopId : null;
    if (wanted === linkedShop) return turning;
    linkedShop = wanted;
    turning = turning.then(async () => {
      await link?.stop();
      link = null;
      if (wanted === null || wanted !== linkedShop) return;
      link = startRosterLink({
        roster: options.roster,
        shopId: wanted,
        read: readRosterFrom(options.db),
        send: sendThrough(options.outbox),
        everyMs: options.everyMs,
        log: options.log,
      });
    });
    return turning;
  };
  const stopFollowing = options.settings.onChange(() => void follow());
  void follow();

  return {
    async close() {
      stopFollowing();
      linkedShop = null;
      turning = turning.then(async () => {
        await link?.stop();
        link = null;
      });
      await turning;
    },
  };
}
