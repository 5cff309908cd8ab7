import { newsletterFileName } from '@club/contract';
import type { DbOrTx } from '../../lib/ctx.ts';
import { addDays, toIsoDate, zurichToday } from '../../lib/dates.ts';
import { simplePdf } from '../../lib/pdf.ts';
import { insertNewsletter } from './newsletters.repository.ts';

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
      notify: false,
      uploadedById: null,
    });
  }
  return demo.length;
}
