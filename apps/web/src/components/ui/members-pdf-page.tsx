import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { serverPaths } from '@/config/paths';
import { useSession } from '@/lib/session';
import { ErrorAlert } from './error-alert';
import { PageSpinner } from './loading-spinner';
import { PageHeader } from './page-header';

interface MembersPdfPageProps<T> {
  title: string;
  intro: string;
  /** Where the login leads back to. */
  returnTo: string;
  /** What a visitor reads instead of the list ("Die Newsletter sind den Mitgliedern vorbehalten."). */
  membersOnly: string;
  /** The list's heading and its element id. */
  heading: string;
  headingId: string;
  /** The spinner's label while the list loads. */
  loadingLabel: string;
  /** The list's query, read only for members. */
  list: UseQueryResult<T>;
  /** The board's upload form above the list. */
  upload: ReactNode;
  children: (data: T) => ReactNode;
}

/**
 * A members-only screen of PDFs (newsletters, documents): a visitor gets the login link, a member
 * the list, the board the upload form above it.
 */
export function MembersPdfPage<T>({
  title,
  intro,
  returnTo,
  membersOnly,
  heading,
  headingId,
  loadingLabel,
  list,
  upload,
  children,
}: MembersPdfPageProps<T>) {
  const session = useSession();
  const header = <PageHeader title={title} intro={intro} />;

  if (session.status === 'pending') {
    return (
      <>
        {header}
        <PageSpinner />
      </>
    );
  }

  if (!session.loggedIn) {
    return (
      <>
        {header}
        <p>{membersOnly}</p>
        <a className="btn btn-primary" href={serverPaths.login(returnTo)}>
          Anmelden
        </a>
      </>
    );
  }

  return (
    <>
      {header}
      {session.admin ? upload : null}
      <section aria-labelledby={headingId}>
        <h2 id={headingId} className="h4">
          {heading}
        </h2>
        {list.isPending ? (
          <PageSpinner label={loadingLabel} />
        ) : list.isError ? (
          <ErrorAlert error={list.error}>
            <button type="button" className="btn btn-outline-danger btn-sm" onClick={() => void list.refetch()}>
              Erneut versuchen
            </button>
          </ErrorAlert>
        ) : (
          children(list.data)
        )}
      </section>
    </>
  );
}
