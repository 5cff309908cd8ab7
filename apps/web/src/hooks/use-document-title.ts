import { useEffect } from 'react';
import { useSiteInfo } from '@/lib/site';

/** Sets the tab title: `Tickets – ZSC Fanclub Limmat`; without a page title just the club name. */
export function useDocumentTitle(pageTitle?: string): void {
  const { clubName } = useSiteInfo();
  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} – ${clubName}` : clubName;
  }, [pageTitle, clubName]);
}
