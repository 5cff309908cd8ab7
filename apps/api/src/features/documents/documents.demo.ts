import { clubDocumentFileName } from '@club/contract';
import type { DbOrTx } from '../../lib/ctx.ts';
import { addDays, toIsoDate, zurichToday } from '../../lib/dates.ts';
import { simplePdf } from '../../lib/pdf.ts';
import { insertDocument } from './documents.repository.ts';

/** The minutes of last general assembly and the statutes' last revision, as a club's document area starts. */
export async function loadDemoDocuments(db: DbOrTx, now: Date): Promise<number> {
  const today = zurichToday(now);
  const demo = [
    {
      title: 'Protokoll Generalversammlung',
      daysAgo: 200,
      lines: [
        'Traktanden',
        '',
        '1. Begrüssung',
        '2. Jahresbericht des Präsidenten',
        '3. Jahresrechnung und Revisorenbericht',
        '4. Wahlen',
        '5. Varia',
      ],
    },
    {
      title: 'Jahresrechnung',
      daysAgo: 210,
      lines: ['Erfolgsrechnung und Bilanz', '', 'Von der Generalversammlung genehmigt.'],
    },
  ];
  for (const d of demo) {
    const date = toIsoDate(addDays(today, -d.daysAgo));
    await insertDocument(db, {
      title: d.title,
      date,
      fileName: clubDocumentFileName(d.title, date),
      content: simplePdf(d.title, d.lines),
      createdAt: addDays(now, -d.daysAgo),
    });
  }
  return demo.length;
}
