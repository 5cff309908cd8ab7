import { newsletterFileName } from '@club/contract';
import type { DbOrTx } from '../../lib/ctx.ts';
import { addDays, toIsoDate, zurichToday } from '../../lib/dates.ts';
import { insertNewsletter } from './newsletters.repository.ts';

/** Text in a PDF string: WinAnsi bytes (umlauts), with ( ) \ escaped. */
function pdfString(text: string): string {
  return `(${text.replace(/[\\()]/g, (c) => `\\${c}`)})`;
}

/**
 * A one-page PDF with a heading and some lines, written directly (no PDF library is loaded at
 * start for two demo files): Helvetica, WinAnsi encoding, a correct cross-reference table.
 */
export function simplePdf(heading: string, lines: string[]): Buffer {
  const content = [
    'BT /F1 22 Tf 56 760 Td',
    `${pdfString(heading)} Tj`,
    '/F1 12 Tf 0 -36 Td 16 TL',
    ...lines.map((line) => `${pdfString(line)} Tj T*`),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** Two demo newsletters, the newer one two weeks old. */
export async function loadDemoNewsletters(db: DbOrTx, now: Date): Promise<number> {
  const today = zurichToday(now);
  const demo = [
    {
      title: 'Newsletter Saisonstart',
      daysAgo: 75,
      lines: [
        'Liebe Mitglieder',
        '',
        'Die neue Saison beginnt: Alle Infos zu Extrafahrten,',
        'Ticketkontingent und Fanlokal finden Sie in dieser Ausgabe.',
        '',
        'Hopp ZSC!',
      ],
    },
    {
      title: 'Newsletter Derby-Spezial',
      daysAgo: 14,
      lines: [
        'Liebe Mitglieder',
        '',
        'Vor dem Derby treffen wir uns um 18 Uhr im Fanlokal.',
        'Bitte reservieren Sie Ihre Tickets rechtzeitig über die Website.',
        '',
        'Sportliche Grüsse, der Vorstand',
      ],
    },
  ];
  for (const d of demo) {
    const publicationDate = toIsoDate(addDays(today, -d.daysAgo));
    await insertNewsletter(db, {
      title: d.title,
      publicationDate,
      fileName: newsletterFileName(d.title, publicationDate),
      content: simplePdf(d.title, d.lines),
      createdAt: addDays(now, -d.daysAgo),
    });
  }
  return demo.length;
}
