import type { LogLevel } from './log-file.ts';

// One log line as an RFC 5424 syslog message, framed for TCP by octet counting (RFC 6587 §3.4.1: "<length> <message>",
// so a line with a newline in it stays one message). The line is the one the local file holds, already redacted
// (redaction.ts): the message carries it whole as MSG, and the header says what a collector sorts by —
// severity from its level, MSGID its code, the time it was written.

/** local0: the facility the chain's collector files the till's lines under (its own, not the system's). */
const FACILITY_LOCAL0 = 16;
const SEVERITY: Readonly<Record<LogLevel, number>> = { error: 3, warn: 4, info: 6 };
const NIL = '-';
/** MSG starts with the BOM when it is UTF-8 (RFC 5424 §6.4): a line may hold Chinese. */
const BOM = '\uFEFF';

export interface SyslogHeader {
  /** This computer's name. */
  readonly hostname: string;
  /** Which of the till's logs: wallet-pos-core, wallet-pos-renderer. */
  readonly appName: string;
  readonly procId: number;
  /** The till's version, in the origin structured data (RFC 5424 §7.2). */
  readonly version: string;
}

/** What the message needs of a log line: its level, code and time (log-file.ts writes each), and the line. */
export interface LoggedLine {
  readonly level: LogLevel;
  readonly code: string;
  /** ISO 8601 with milliseconds and Z: already an RFC 5424 TIMESTAMP. */
  readonly time: string;
  readonly line: string;
}

/** A log file's JSON line → its level, code and time; null for a line that is not the log's own. */
export function loggedLine(line: string): LoggedLine | null {
  try {
    const entry = JSON.parse(line) as Record<string, unknown>;
    const level = entry['level'];
    if (level !== 'info' && level !== 'warn' && level !== 'error') return null;
    const time = typeof entry['time'] === 'string' ? entry['time'] : new Date().toISOString();
    const code = typeof entry['code'] === 'string' ? entry['code'] : NIL;
    return { level, code, time, line: line.trimEnd() };
  } catch {
    return null;
  }
}

/** The line the collector gets once it is back: how many lines it missed while it was down. */
export function droppedLinesLine(lines: number): LoggedLine {
  const time = new Date().toISOString();
  const code = 'logs.syslog-dropped';
  return {
    level: 'warn',
    code,
    time,
    line: JSON.stringify({ level: 'warn', time, area: 'logs', code, params: { lines } }),
  };
}

export function syslogMessage(logged: LoggedLine, header: SyslogHeader): string {
  const pri = FACILITY_LOCAL0 * 8 + SEVERITY[logged.level];
  const origin = `[origin software="wallet-pos" swVersion="${paramValue(header.version)}"]`;
  return [
    `<${pri}>1`,
    timestamp(logged.time),
    token(header.hostname, 255),
    token(header.appName, 48),
    token(String(header.procId), 128),
    token(logged.code, 32),
    origin,
    `${BOM}${logged.line}`,
  ].join(' ');
}

/** RFC 6587 octet counting: the message's length in bytes, a space, the message. */
export function octetCounted(message: string): Buffer {
  const body = Buffer.from(message, 'utf8');
  return Buffer.concat([Buffer.from(`${body.length} `, 'ascii'), body]);
}

/** A header field: printable US-ASCII without spaces, at most `max` characters; NILVALUE when nothing is left. */
function token(value: string, max: number): string {
  const clean = value.replace(/[^\x21-\x7e]/g, '').slice(0, max);
  return clean === '' ? NIL : clean;
}

function timestamp(value: string): string {
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}:\d{2})$/.test(value) ? value : NIL;
}

/** A PARAM-VALUE: '"', '\' and ']' escaped with '\' (RFC 5424 §6.3.3). */
function paramValue(value: string): string {
  return value.replace(/["\\\]]/g, (character) => `\\${character}`);
}
