import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { loginAs } from '../../test/login.ts';
import { loadDemoData } from '../demo/demo-data.ts';
import { camtPayingInvoices } from './camt.writer.ts';
import { findOpenInvoicesToPay } from './payments.repository.ts';
import { postCamt } from './payments.test-support.ts';

describe("the demo: invoices to try the treasurer's screen, and the bank file of `pnpm demo-camt054`", () => {
  let server: TestServer;
  let cookie: string;

  beforeAll(async () => {
    server = await startTestServer();
    // pinned: the demo file of the repository pays the demo invoices of a database made in 2026
    await loadDemoData(server.database.prisma, new Date('2026-11-23T10:00:00Z'));
    ({ cookie } = await loginAs(server.url, 'vorstand', 'vorstand'));
  });
  afterAll(async () => {
    await server?.close();
  });

  it('gives mitglied an open and a paid invoice, with numbers gapless per year', async () => {
    const db = server.database.prisma;
    const own = await db.invoice.findMany({ where: { member: { username: 'mitglied' } } });
    expect(own.map((i) => i.status)).toEqual(expect.arrayContaining(['OPEN', 'PAID']));
    const all = (await db.invoice.findMany({ orderBy: { number: 'asc' } })).map((i) => i.number);
    for (const year of new Set(all.map((n) => n.slice(0, 4)))) {
      const numbers = all.filter((n) => n.startsWith(year)).map((n) => Number(n.slice(5)));
      expect(numbers).toEqual(numbers.map((_, i) => i + 1));
    }
  });

  it('docs/demo/camt054-demo.xml pays the three oldest open demo invoices', async () => {
    const xml = readFileSync(new URL('../../../../../docs/demo/camt054-demo.xml', import.meta.url), 'utf8');
    const answer = await postCamt(server.url, cookie, xml);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ matched: 3, unknownReferences: 1, notPayments: 1 });
    expect(answer.body.data.lines[0].invoice).toMatchObject({ number: '2025-00013', memberName: 'Beat Hofer' });
  });

  it('the generated file pays the oldest open invoices when imported', async () => {
    const open = await findOpenInvoicesToPay(server.database.prisma, 3);
    expect(open.length).toBeGreaterThan(0);
    const xml = camtPayingInvoices(open, { msgId: 'DEMO-TEST', bookingDate: '2027-06-03' });
    const answer = await postCamt(server.url, cookie, xml);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ matched: open.length, unknownReferences: 1, notPayments: 1 });
    const paid = await server.database.prisma.invoice.findMany({ where: { number: { in: open.map((i) => i.number) } } });
    expect(paid.every((i) => i.status === 'PAID')).toBe(true);
  });
});
