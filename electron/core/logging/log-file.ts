import { pino, type Logger } from 'pino';
import build from 'pino-roll';
import { join } from 'node:path';
import { REDACT_PATHS, REDACTED, scrubText, scrubValue } from './redaction.ts';

// One rotating log file per process of the till, in `<dataDir>/logs/`: `main.N.log` (Electron's main process),
// `core.N.log` (the core), `web.N.log` (the web host of the browser preview), `renderer.N.log` (the screens'
// errors, sent to main). pino writes one JSON object per line: time, level, area, code, params and, where the
// till has one, the English text of the notice or error code (never words made up here). pino-roll rolls the
// file at a size and keeps a fixed number of them, whatever the process (files of earlier runs count too).
//
// Writes are synchronous: a log matters most just before the process dies (a crash, a kill at closing time), and
// a till logs a few lines an hour, not thousands a second. A log that cannot be written (disk full, folder gone)
// never stops a payment: the stream's errors are swallowed here, on purpose.

export const LOGS_FOLDER = 'logs';
export const LOG_NAMES = ['main', 'core', 'web', 'renderer'] as const;
export type LogName = (typeof LOG_NAMES)[number];
export type LogLevel = 'info' | 'warn' | 'error';

export interface LogLimits {
  /** A file is rolled once it reaches this size (a line is never split, so it may end a line past it). */
  readonly fileBytes: number;
  /** Files kept of each log, the one being written included. */
  readonly files: number;
}

/** 5 files of 5 MB per log: weeks of a busy till's warnings, small enough to mail in a support bundle. */
export const DEFAULT_LOG_LIMITS: LogLimits = { fileBytes: 5 * 1024 * 1024, files: 5 };

export function logsFolderOf(dataDir: string): string {
  return join(dataDir, LOGS_FOLDER);
}

/** A log file's name is `<name>.<number>.log`. */
export function isLogFileOf(name: LogName, fileName: string): boolean {
  return new RegExp(`^${name}\\.\\d+\\.log$`).test(fileName);
}

export type LogParams = Readonly<Record<string, unknown>>;

export interface TillLog {
  /** `area`: the part of the till (listeners, customers, contract…); `code`: what happened, a stable id. */
  info(area: string, code: string, params?: LogParams, text?: string): void;
  warn(area: string, code: string, params?: LogParams, text?: string): void;
  error(area: string, code: string, params?: LogParams, text?: string): void;
  /**
   * For the modules that log an English line (the listeners, the linked-customer service): each line becomes an
   * entry of this area with code `<area>.line` and the line as its text.
   */
  lines(area: string, level?: LogLevel): (line: string) => void;
  /** Writes what is buffered and closes the file; later entries are dropped. */
  close(): Promise<void>;
}

export interface OpenLogOptions {
  readonly folder: string;
  readonly name: LogName;
  readonly limits?: LogLimits | undefined;
  /** Each line as written to the file (JSON, redacted), also handed here: the syslog forwarder. Never blocks. */
  readonly forward?: ((line: string) => void) | undefined;
}

export async function openLogFile(options: OpenLogOptions): Promise<TillLog> {
  const limits = options.limits ?? DEFAULT_LOG_LIMITS;
  const stream = await build({
    file: join(options.folder, options.name),
    extension: '.log',
    size: `${Math.max(1, Math.floor(limits.fileBytes))}b`,
    mkdir: true,
    sync: true,
    // Files of earlier runs count towards the limit too: a till restarted daily keeps 5 files, not 5 a day.
    limit: { count: Math.max(1, limits.files), removeOtherLogFiles: true },
  });
  stream.on('error', () => {});
  const forward = options.forward;
  // The file first, then the copy: the same redacted line goes to both.
  const destination = forward
    ? {
        write(line: string): boolean {
          const written = stream.write(line);
          try {
            forward(line);
          } catch {
            // The copy must never cost the file its line, nor a sale its log.
          }
          return written;
        },
      }
    : stream;
  const logger: Logger = pino(
    {
      base: null,
      messageKey: 'text',
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: [...REDACT_PATHS], censor: REDACTED },
    },
    destination,
  );
  let closed = false;
  const write = (level: LogLevel, area: string, code: string, params?: LogParams, text?: string): void => {
    if (closed) return;
    try {
      const entry: Record<string, unknown> = { area, code };
      if (params && Object.keys(params).length > 0) entry['params'] = scrubValue(params);
      if (text === undefined) logger[level](entry);
      else logger[level](entry, scrubText(text));
    } catch {
      // A log must never be why a sale fails.
    }
  };
  return {
    info: (area, code, params, text) => write('info', area, code, params, text),
    warn: (area, code, params, text) => write('warn', area, code, params, text),
    error: (area, code, params, text) => write('error', area, code, params, text),
    lines:
      (area, level = 'warn') =>
      (line) =>
        write(level, area, `${area}.line`, undefined, line),
    close: async () => {
      if (closed) return;
      closed = true;
      await new Promise<void>((resolve) => {
        if ((stream as unknown as { destroyed?: boolean }).destroyed) return resolve();
        stream.once('close', () => resolve());
        stream.once('error', () => resolve());
        stream.end();
      });
    },
  };
}

/** A log that writes nowhere: for code that may log before (or without) a file. */
export const NO_LOG: TillLog = {
  info: () => {},
  warn: () => {},
  error: () => {},
  lines: () => () => {},
  close: async () => {},
};
