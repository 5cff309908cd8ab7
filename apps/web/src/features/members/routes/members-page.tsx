import { useCallback } from 'react';
import Form from 'react-bootstrap/Form';
import { useSearchParams } from 'react-router-dom';
import { ErrorAlert, isSecondFactorRequired } from '@/components/ui/error-alert';
import { LoadingSpinner, PageSpinner } from '@/components/ui/loading-spinner';
import { PageHeader } from '@/components/ui/page-header';
import { useSearchForm } from '@/lib/forms';
import { formatNumber } from '@/lib/format';
import { memberSearchQueryOptions, useMemberSearch } from '../api/search-members';
import { MemberExportButtons } from '../components/member-export-buttons';
import { Pager } from '@/components/ui/pager';
import { MemberSearchResults } from '../components/member-search-results';
import { RetentionOverview } from '../components/retention-overview';
import { loadBoardQueries, type ScreenLoader } from '@/lib/loaders';

function pageOf(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

export default function MembersPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = pageOf(params.get('page'));
  const search = useMemberSearch({ q: q.trim(), page });

  // The query lives in the address (back button, bookmarks); typing updates it after a pause.
  const searchForm = useSearchForm(
    q,
    useCallback((text: string) => setParams(text ? { q: text } : {}, { replace: true }), [setParams]),
    (text) => setParams(text ? { q: text } : {}),
  );

  // A session without the code the board needs: the search's refusal says so with «Erneut anmelden»; the
  // retention overview would be refused alike and repeat the same notice, so it waits for the new login.
  const codeNeeded = search.isError && isSecondFactorRequired(search.error);

  const goTo = (next: number) => setParams({ ...(q ? { q } : {}), ...(next > 1 ? { page: String(next) } : {}) });

  return (
    <>
      <PageHeader title="Mitglieder" intro="Mitglieder suchen, ansehen und bearbeiten.">
        <MemberExportButtons />
      </PageHeader>
      <Form role="search" className="mb-3" noValidate onSubmit={(event) => void searchForm.submit(event)}>
        <Form.Label htmlFor="member-search">Suche nach Name, Benutzername, E-Mail oder Mitgliedernummer</Form.Label>
        <div className="d-flex gap-2">
          <Form.Control
            id="member-search"
            type="search"
            maxLength={100}
            autoComplete="off"
            isInvalid={Boolean(searchForm.error)}
            {...searchForm.field}
          />
          <button type="submit" className="btn btn-primary">
            Suchen
          </button>
        </div>
      </Form>

      {search.isPending ? (
        <PageSpinner label="Mitglieder werden gesucht…" />
      ) : search.isError ? (
        <ErrorAlert error={search.error} title="Die Suche hat nicht geklappt." />
      ) : (
        <section aria-labelledby="hits-heading" aria-busy={search.isFetching}>
          <div className="d-flex align-items-center gap-2 mb-2">
            <h2 id="hits-heading" className="h5 mb-0" aria-live="polite">
              {search.data.page.total === 0
                ? 'Keine Mitglieder gefunden'
                : `${formatNumber(search.data.page.total)} ${search.data.page.total === 1 ? 'Mitglied' : 'Mitglieder'}${q ? ' gefunden' : ''}`}
            </h2>
            {search.isFetching ? <LoadingSpinner size="sm" label="Wird aktualisiert…" /> : null}
          </div>
          {search.data.hits.length === 0 ? (
            <p>{q ? 'Bitte versuchen Sie es mit einem anderen Suchbegriff.' : 'Es sind noch keine Mitglieder erfasst.'}</p>
          ) : (
            <MemberSearchResults hits={search.data.hits} />
          )}
          <Pager label="Seiten der Trefferliste" page={search.data.page.page} totalPages={search.data.page.totalPages} onPage={goTo} />
        </section>
      )}
      {codeNeeded ? null : <RetentionOverview />}
    </>
  );
}

/** The screen's loader (lib/loaders.ts): it opens with its data. */
export const loader: ScreenLoader = loadBoardQueries((queryClient, { search }) => [
  queryClient.ensureQueryData(memberSearchQueryOptions({ q: (search.get('q') ?? '').trim(), page: pageOf(search.get('page')) })),
]);
