import type { ItemEnvelope, SiteInfo } from '@club/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import * as queryKeys from './shell-query-keys';

/** What the site shows until `GET /api/v1/site` has answered (or when it cannot). */
export const defaultSiteInfo: SiteInfo = {
  clubName: 'ZSC Fanclub Limmat',
  clubAddress: '',
  clubEmail: '',
  demo: false,
  membershipFormUrl: '/candidates',
};

/** «Mitglied werden» for visitors: the form on this site (`/candidates`) or an external one. */
export function membershipItem(
  membershipFormUrl: string,
): { label: string; to: string; external?: false } | { label: string; href: string; external: true } {
  const label = 'Mitglied werden';
  return isOwnPath(membershipFormUrl) ? { label, to: membershipFormUrl } : { label, href: membershipFormUrl, external: true };
}

/** A path of this site (`/candidates`), not an address elsewhere (`https://…`, `//…`). */
export function isOwnPath(href: string): boolean {
  return href.startsWith('/') && !href.startsWith('//');
}

export async function fetchSiteInfo({ signal }: { signal?: AbortSignal } = {}): Promise<SiteInfo> {
  const envelope = await api.get<ItemEnvelope<SiteInfo>>('/api/v1/site', { signal });
  return envelope.data;
}

/** The query of the site's facts. */
export function siteQueryOptions() {
  return {
    queryKey: queryKeys.site,
    queryFn: ({ signal }: { signal?: AbortSignal }) => fetchSiteInfo({ signal }),
    staleTime: Infinity,
    // Without the facts the site shows its defaults rather than an error page.
    meta: { background: true },
  };
}

/** The public facts of the club for the navigation bar, the footer and the screens; the defaults while loading or when the API is away. */
export function useSiteInfo(): SiteInfo & { isLoaded: boolean } {
  const { data } = useQuery(siteQueryOptions());
  return data ? { ...data, isLoaded: true } : { ...defaultSiteInfo, isLoaded: false };
}
