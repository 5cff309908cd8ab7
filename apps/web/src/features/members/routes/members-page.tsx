import { useEffect, useState } from 'react';
import Form from 'react-bootstrap/Form';
import { useSearchParams } from 'react-router-dom';
import { ErrorAlert } from '@/components/ui/error-alert';
import { LoadingSpinner, PageSpinner } from '@/components/ui/loading-spinner';
import { PageHeader } from '@/components/ui/page-header';
import { formatNumber } from '@/lib/format';
import { useMemberSearch } from '../api/search-members';
import { MemberPager, MemberSearchResults } from '../components/member-search-results';

/** Typing waits this long before it searches. */
const DEBOUNCE_MS = 300;

function pageOf(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

export default function MembersPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = pageOf(params.get('page'));
  const [text, setText] = useState(q);
  // Back and forward change the address: the field follows.
  const [shownQ, setShownQ] = useState(q);
  if (q !== shownQ) {
    setShownQ(q);
    setText(q);
  }
  const search = useMemberSearch({ q: q.trim(), page });

  // The query lives in the address (back button, bookmarks); typing updates it after a pause.
  useEffect(() => {
    if (text === q) return;
    const timer = window.setTimeout(() => setParams(text ? { q: text } : {}, { replace: true }), DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text, q, setParams]);

  const goTo = (next: number) => setParams({ ...(q ? { q } : {}), ...(next > 1 ? { page: String(next) } : {}) });

  return (
    <>
      <PageHeader title="Mitglieder" intro="Mitglieder suchen, ansehen und bearbeiten." />
      <Form
        role="search"
        className="mb-3"
        onSubmit={(event) => {
          event.preventDefault();
          setParams(text ? { q: text } : {});
        }}
      >
        <Form.Label htmlFor="member-search">Suche nach Name, Benutzername, E-Mail oder Mitgliedernummer</Form.Label>
        <div className="d-flex gap-2">
          <Form.Control id="member-search" type="search" value={text} maxLength={100} autoComplete="off" onChange={(event) => setText(event.target.value)} />
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
          <MemberPager page={search.data.page} onPage={goTo} />
        </section>
      )}
    </>
  );
}
