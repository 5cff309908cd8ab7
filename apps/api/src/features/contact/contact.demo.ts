import type { DbOrTx } from '../../lib/ctx.ts';
import { upsertRecipient } from './contact.repository.ts';

const DEMO = [
  { type: 'PRAESIDENT', label: 'Präsident', email: 'praesident@fanclub-limmat.example' },
  { type: 'TICKETS', label: 'Tickets', email: 'tickets@fanclub-limmat.example' },
  { type: 'KASSIER', label: 'Kassier', email: 'kassier@fanclub-limmat.example' },
  { type: 'VORSTAND', label: 'Vorstand', email: 'vorstand@fanclub-limmat.example' },
] as const;

/** The four recipients of the contact form with demo addresses. */
export async function loadDemoContactRecipients(db: DbOrTx): Promise<number> {
  for (const recipient of DEMO) await upsertRecipient(db, recipient);
  return DEMO.length;
}
