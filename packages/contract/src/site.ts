import './locale.ts';
import { z } from 'zod';

/** `GET /api/v1/site`: public facts the SPA needs before anyone logs in. */
export const siteInfoSchema = z.object({
  clubName: z.string(),
  clubAddress: z.string(),
  /** The club's public e-mail address (CLUB_EMAIL), shown in the Impressum. */
  clubEmail: z.string(),
  /** true while demo logins exist: every page shows a 'Demo' marker. */
  demo: z.boolean(),
  /** Where 'Werde Mitglied' points (MEMBERSHIP_FORM_URL, default `/candidates`). */
  membershipFormUrl: z.string(),
});
export type SiteInfo = z.infer<typeof siteInfoSchema>;
