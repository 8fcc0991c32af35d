import type { Logger, LoggerOptions } from 'pino';
import pino from 'pino';

/** Paths that may hold secrets anywhere in a log record: never written. */
export const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.passwordHash',
  '*.code',
  '*.token',
  '*.accessToken',
  '*.refreshToken',
  '*.totpKey',
  '*.secret',
];

const SECRET_PARAMS = /([?&](?:token|code|state|access_token|refresh_token|share)=)[^&#]*/gi;
/**
 * Path segments that are credentials: invitation and password-reset links (valid for days and hours) and share
 * links (anyone holding one sees the device), in the web app's paths and the API's.
 */
const SECRET_PATHS =
  /(\/(?:password\/(?:create|reset|update)|share|devices\/share)\/)(?!(?:device|group)(?:[/?#]|$))[^/?#]+/gi;

/** A request URL fit for a log line: secret query parameters and link tokens masked. */
export function safeUrl(url: string): string {
  return url.replace(SECRET_PATHS, '$1[redacted]').replace(SECRET_PARAMS, '$1[redacted]');
}

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: { paths: REDACT, censor: '[redacted]' },
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({
        method: req.method,
        url: safeUrl(req.url),
        ip: req.ip,
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  };
}

/** Logs go to stderr (stdout carries what commands print); readable lines on a terminal, JSON otherwise. */
export function createLogger(level: string, name = 'waymark'): Logger {
  if (process.stderr.isTTY) {
    return pino({
      ...loggerOptions(level),
      name,
      transport: {
        target: 'pino-pretty',
        options: { destination: 2, ignore: 'pid,hostname', translateTime: 'SYS:HH:MM:ss' },
      },
    });
  }
  return pino({ ...loggerOptions(level), name }, pino.destination(2));
}
