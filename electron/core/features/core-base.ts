import type { CreateCoreOptions } from '../core-options.ts';
import type { CoreHooks } from '../core-hooks.ts';
import type { EventBus } from '../event-bus.ts';
import type { JournalRecords } from '../sqlite/journal-record.ts';
import type { TillLog } from '../logging/log-file.ts';
import type { SyslogForwarder } from '../logging/syslog-forwarder.ts';

// What the first feature starts with: createCore's options, the two log files, the one event stream and the
// hooks a feature started early listens on (../core-hooks.ts). Every feature after it adds what it gives.

export interface CoreBase {
  readonly options: CreateCoreOptions;
  readonly coreLog: TillLog;
  readonly rendererLog: TillLog;
  /** Both logs' lines to the chain's collector, where Settings say (logs-feature.ts). */
  readonly syslog: SyslogForwarder;
  /** A module's English lines: to the core's log under its area, and to options.log. */
  readonly linesOf: (area: string) => (line: string) => void;
  readonly bus: EventBus;
  readonly hooks: CoreHooks;
  readonly journalRecords: JournalRecords;
  /** Electron's net.fetch in the app; Node's elsewhere. */
  readonly fetch: typeof fetch;
}
