import { createRequire } from 'node:module';
import { pino, type Logger } from 'pino';

export type { Logger };

/** pino-pretty is a development tool: installed with the dev dependencies, not in the image. */
function prettyInstalled(): boolean {
  try {
    createRequire(import.meta.url).resolve('pino-pretty');
    return true;
  } catch {
    return false;
  }
}

/** JSON logs; pretty on a terminal where pino-pretty is installed. Secrets never reach the log. */
export function createLogger(level: string, destination?: { write(line: string): void }): Logger {
  const pretty = !destination && process.stdout.isTTY && level !== 'silent' && prettyInstalled();
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
