/**
 * Logging to stderr only: on stdio, stdout carries the protocol and nothing else. Every line
 * goes through the secret scrubber, so a credential can never reach a log.
 */
import type { Secrets } from './redact.js';

/** A stderr logger. */
export interface Logger {
  error(message: string): void;
  info(message: string): void;
  debug(message: string): void;
}

/** A logger that writes scrubbed lines to stderr. */
export function createLogger(level: 'error' | 'info' | 'debug', secrets: Secrets, name: string): Logger {
  const rank = { error: 0, info: 1, debug: 2 }[level];
  const write = (lvl: string, message: string): void => {
    process.stderr.write(`${new Date().toISOString()} ${name} ${lvl}: ${secrets.scrub(message)}\n`);
  };
  return {
    error: (m) => write('error', m),
    info: (m) => rank >= 1 && write('info', m),
    debug: (m) => rank >= 2 && write('debug', m),
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
