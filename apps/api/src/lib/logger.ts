import { pino, type Logger } from 'pino';

export type { Logger };

/** JSON logs; pretty only on a terminal. Secrets never reach the log. */
export function createLogger(level: string, destination?: { write(line: string): void }): Logger {
  const pretty = !destination && process.stdout.isTTY && level !== 'silent';
  const options = {
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
  };
  // A destination of its own: tests that read what was logged.
  return destination ? pino(options, destination) : pino(options);
}
