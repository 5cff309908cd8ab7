import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { openTestDatabase } from '../test/db.ts';
import { startSmtpPeer } from '../test/smtp.ts';
import { createLogger } from './logger.ts';
import { enqueueMail, retryDelaySeconds, startOutboxWorker } from './outbox.ts';

const log = createLogger('silent');
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

describe('retry delay', () => {
  it('starts at 5 seconds, doubles, and stops at one hour', () => {
    expect([1, 2, 3, 4].map(retryDelaySeconds)).toEqual([5, 10, 20, 40]);
    expect(retryDelaySeconds(30)).toBe(3600);
  });
});

describe('mail outbox', () => {
  it('delivers a mail written in a transaction to the SMTP peer, with German umlauts intact', async () => {
    const peer = await startSmtpPeer();
    const worker = startOutboxWorker({
      db: database.prisma,
      log,
      smtpUrl: peer.url,
      from: 'Fanclub <noreply@example.ch>',
      intervalMs: 60_000,
    });
    try {
      await database.prisma.$transaction((tx) =>
        enqueueMail(tx, { to: 'lara@example.ch', subject: 'Grüezi Lara', text: 'Willkommen im Fanclub – schön, dass Sie dabei sind.' }),
      );
      expect(await worker.runOnce()).toBe(1);
      const mail = await peer.waitFor((m) => m.to.includes('lara@example.ch'));
      expect(mail.subject).toBe('Grüezi Lara');
      expect(mail.text).toContain('schön, dass Sie dabei sind');
      const row = await database.prisma.mailOutbox.findFirstOrThrow({ where: { to: 'lara@example.ch' } });
      expect(row.status).toBe('SENT');
      expect(row.sentAt).not.toBeNull();
    } finally {
      await worker.stop();
      await peer.close();
    }
  });

  it('sends the Reply-To of a mail that names one, and none otherwise', async () => {
    const peer = await startSmtpPeer();
    const worker = startOutboxWorker({
      db: database.prisma,
      log,
      smtpUrl: peer.url,
      from: 'Fanclub <noreply@example.ch>',
      intervalMs: 60_000,
    });
    try {
      await enqueueMail(database.prisma, {
        to: 'vorstand@example.ch',
        subject: 'Frage',
        text: 'Hallo',
        replyTo: 'Fan Müller <fan@example.ch>',
      });
      await enqueueMail(database.prisma, { to: 'plain@example.ch', subject: 'Ohne', text: 'x' });
      expect(await worker.runOnce()).toBe(2);
      const withReply = await peer.waitFor((m) => m.to.includes('vorstand@example.ch'));
      expect(withReply.replyTo).toContain('<fan@example.ch>');
      expect(withReply.to).toEqual(['vorstand@example.ch']);
      const without = await peer.waitFor((m) => m.to.includes('plain@example.ch'));
      expect(without.replyTo).toBe('');
      const row = await database.prisma.mailOutbox.findFirstOrThrow({ where: { to: 'vorstand@example.ch' } });
      expect(row.replyTo).toBe('Fan Müller <fan@example.ch>');
    } finally {
      await worker.stop();
      await peer.close();
    }
  });

  it('when the SMTP peer is down, the mail waits and is delivered once the peer is back, and never twice', async () => {
    const port = await freePort();
    const worker = startOutboxWorker({
      db: database.prisma,
      log,
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'noreply@example.ch',
      intervalMs: 60_000,
    });
    try {
      await enqueueMail(database.prisma, { to: 'down@example.ch', subject: 'Später', text: 'Kommt später an.' });
      expect(await worker.runOnce()).toBe(0);
      let row = await database.prisma.mailOutbox.findFirstOrThrow({ where: { to: 'down@example.ch' } });
      expect(row.status).toBe('PENDING');
      expect(row.attempts).toBe(1);
      expect(row.lastError).toBeTruthy();
      expect(row.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
      // Not due yet: a pass does not try again.
      expect(await worker.runOnce()).toBe(0);

      const peer = await startSmtpPeer(port);
      try {
        // The backoff has passed.
        await database.prisma.mailOutbox.update({ where: { id: row.id }, data: { nextAttemptAt: new Date(Date.now() - 1000) } });
        expect(await worker.runOnce()).toBe(1);
        expect(await worker.runOnce()).toBe(0);
        await peer.waitFor((m) => m.to.includes('down@example.ch'));
        expect(peer.messages.filter((m) => m.to.includes('down@example.ch'))).toHaveLength(1);
        row = await database.prisma.mailOutbox.findFirstOrThrow({ where: { id: row.id } });
        expect(row.status).toBe('SENT');
        expect(row.attempts).toBe(2);
      } finally {
        await peer.close();
      }
    } finally {
      await worker.stop();
    }
  });

  it('when two workers run at once, each mail is sent exactly once', async () => {
    const peer = await startSmtpPeer();
    const a = startOutboxWorker({
      db: database.prisma,
      log,
      smtpUrl: peer.url,
      from: 'noreply@example.ch',
      intervalMs: 60_000,
      batchSize: 5,
    });
    const b = startOutboxWorker({
      db: database.prisma,
      log,
      smtpUrl: peer.url,
      from: 'noreply@example.ch',
      intervalMs: 60_000,
      batchSize: 5,
    });
    try {
      for (let i = 0; i < 30; i++) await enqueueMail(database.prisma, { to: `many${i}@example.ch`, subject: `Nr. ${i}`, text: 'x' });
      let sent = 0;
      while (sent < 30) {
        const [x, y] = await Promise.all([a.runOnce(), b.runOnce()]);
        if (x + y === 0) break;
        sent += x + y;
      }
      expect(sent).toBe(30);
      const received = peer.messages.filter((m) => m.to[0]?.startsWith('many'));
      expect(received).toHaveLength(30);
      expect(new Set(received.map((m) => m.to[0])).size).toBe(30);
    } finally {
      await a.stop();
      await b.stop();
      await peer.close();
    }
  });

  it('an attachment described as data is made when the mail is sent, and a failing one makes the mail wait', async () => {
    const peer = await startSmtpPeer();
    let fail = true;
    const worker = startOutboxWorker({
      db: database.prisma,
      log,
      smtpUrl: peer.url,
      from: 'noreply@example.ch',
      intervalMs: 60_000,
      renderAttachment: async (ref) => {
        if (fail) throw new Error('not yet');
        return {
          filename: `Rechnung-${ref.kind === 'invoice' ? ref.invoiceId : 0}.pdf`,
          content: Buffer.from('%PDF-1.3 Rechnung'),
          contentType: 'application/pdf',
        };
      },
    });
    try {
      await enqueueMail(database.prisma, {
        to: 'attach@example.ch',
        subject: 'Ihre Rechnung',
        text: 'Im Anhang.',
        attachments: [{ kind: 'invoice', invoiceId: 17 }],
      });
      const row = await database.prisma.mailOutbox.findFirstOrThrow({ where: { to: 'attach@example.ch' } });
      expect(row.attachments).toEqual([{ kind: 'invoice', invoiceId: 17 }]);
      expect(await worker.runOnce()).toBe(0);
      expect((await database.prisma.mailOutbox.findUniqueOrThrow({ where: { id: row.id } })).status).toBe('PENDING');
      fail = false;
      await database.prisma.mailOutbox.update({ where: { id: row.id }, data: { nextAttemptAt: new Date(Date.now() - 1000) } });
      expect(await worker.runOnce()).toBe(1);
      const mail = await peer.waitFor((m) => m.to.includes('attach@example.ch'));
      expect(mail.raw).toMatch(/Content-Type: application\/pdf; name=Rechnung-17\.pdf/i);
      expect(mail.raw).toContain(Buffer.from('%PDF-1.3 Rechnung').toString('base64'));
    } finally {
      await worker.stop();
      await peer.close();
    }
  });

  it('without SMTP_URL the mail stays in the outbox', async () => {
    const worker = startOutboxWorker({ db: database.prisma, log, smtpUrl: undefined, from: 'noreply@example.ch', intervalMs: 60_000 });
    try {
      await enqueueMail(database.prisma, { to: 'stays@example.ch', subject: 'Bleibt', text: 'x' });
      expect(await worker.runOnce()).toBe(0);
      const row = await database.prisma.mailOutbox.findFirstOrThrow({ where: { to: 'stays@example.ch' } });
      expect(row.status).toBe('PENDING');
      expect(row.attempts).toBe(0);
    } finally {
      await worker.stop();
    }
  });

  it('without SMTP_URL each mail is logged once, with its links only where links may be logged (not in production)', async () => {
    const lines = (logLinks: boolean) => {
      const out: Record<string, unknown>[] = [];
      const logger = createLogger('info', { write: (line) => void out.push(JSON.parse(line) as Record<string, unknown>) });
      return {
        out,
        worker: startOutboxWorker({
          db: database.prisma,
          log: logger,
          smtpUrl: undefined,
          from: 'x@example.ch',
          intervalMs: 60_000,
          logLinks,
        }),
      };
    };
    const demo = lines(true);
    const production = lines(false);
    try {
      await enqueueMail(database.prisma, {
        to: 'link@example.ch',
        subject: 'Mit Link',
        text: 'Bitte hier:\n\nhttp://localhost:3000/idp/password/reset/abc-DEF_123\n\nund https://example.ch/x?token=1.',
      });
      await demo.worker.runOnce();
      await production.worker.runOnce();
      const logged = (out: Record<string, unknown>[]) => out.filter((l) => l.to === 'link@example.ch');
      expect(logged(demo.out)).toHaveLength(1);
      expect(logged(demo.out)[0]?.links).toEqual(['http://localhost:3000/idp/password/reset/abc-DEF_123', 'https://example.ch/x?token=1']);
      expect(logged(production.out)).toHaveLength(1);
      expect(logged(production.out)[0]).not.toHaveProperty('links');
      expect(JSON.stringify(production.out)).not.toContain('abc-DEF_123');
      // A second pass logs nothing again.
      await demo.worker.runOnce();
      expect(logged(demo.out)).toHaveLength(1);
    } finally {
      await demo.worker.stop();
      await production.worker.stop();
    }
  });
});
