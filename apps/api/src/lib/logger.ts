import { pino, type Logger } from 'pino';

export type { Logger };

/** JSON logs; pretty only on a terminal. Secrets never reach the log. */
export function createLogger(level: string): Logger {
  const pretty = process.stdout.isTTY && level !== 'silent';
  return pino({
    level,
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'res.headers["set-cookie"]',
        '*.password',
        '*.passwordHash',
        '*.token',
        '*.iban',
        '*.clientSecret',
      ],
      censor: '[verborgen]',
    },
    ...(pretty ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' } } } : {}),
  });
}
