/**
 * Logging to stderr only: on stdio, stdout carries the protocol and nothing else. Every line
 * goes through the secret scrubber, so a credential can never reach a log.
 */
import type { Secrets } from './redact.js';

/** Where log lines also go: the connected MCP client (MCP `logging`), which filters by the level it set. */
export type LogSink = (level: 'error' | 'info' | 'debug', message: string) => void;

/** A stderr logger. */
export interface Logger {
  error(message: string): void;
  info(message: string): void;
  debug(message: string): void;
  /** Also sends every line, at any level, to `sink` (already scrubbed). */
  forward(sink: LogSink): void;
}

/** A logger that writes scrubbed lines to stderr (at `level` and above) and to a forward sink. */
export function createLogger(level: 'error' | 'info' | 'debug', secrets: Secrets, name: string): Logger {
  const rank = { error: 0, info: 1, debug: 2 }[level];
  let sink: LogSink | undefined;
  const write = (lvl: 'error' | 'info' | 'debug', message: string): void => {
    const clean = secrets.scrub(message);
    if ({ error: 0, info: 1, debug: 2 }[lvl] <= rank) process.stderr.write(`${new Date().toISOString()} ${name} ${lvl}: ${clean}\n`);
    sink?.(lvl, clean);
  };
  return {
    error: (m) => write('error', m),
    info: (m) => write('info', m),
    debug: (m) => write('debug', m),
    forward: (s) => {
      sink = s;
    },
  };
}

/** Sends anything written with console.log/info/debug to stderr, so a stray call cannot corrupt the protocol. */
export function keepStdoutForProtocol(): void {
  const toStderr = (...args: unknown[]): void => {
    console.error(...args);
  };
  console.log = toStderr;
  console.info = toStderr;
  console.debug = toStderr;
  console.warn = toStderr;
}
