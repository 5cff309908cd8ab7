import type { OwnMember } from '@club/contract';
import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction, LoaderFunctionArgs } from 'react-router-dom';
import { sessionQueryOptions } from './session';

/**
 * A screen's loader as its page module exports it (`export const loader`): react-router's loader,
 * built from the app's query client (app/router.tsx).
 */
export type ScreenLoader = (queryClient: QueryClient) => LoaderFunction;

/** Where the screen is opened: its path parameters and query string. */
interface ScreenRoute {
  params: LoaderFunctionArgs['params'];
  search: URLSearchParams;
}

/** The reads a screen needs before it shows: `queryClient.ensureQueryData` with the queryOptions the page reads. */
type Reads = (queryClient: QueryClient, route: ScreenRoute) => Promise<unknown>[];

function read(reads: Reads, queryClient: QueryClient, { params, request }: LoaderFunctionArgs): Promise<unknown> {
  return Promise.allSettled(reads(queryClient, { params, search: new URL(request.url).searchParams }));
}

/**
 * A loader that waits for the screen's reads and the session, so it opens with its content: a
 * screen anyone may see still shows a member's own part (their reservation, their subscription)
 * without a spinner under loaded content. A read that fails is left to the screen, which reads the
 * same query and shows its own error (401 and 502 go through the query client's rules as everywhere).
 */
export function loadQueries(reads: Reads): ScreenLoader {
  return (queryClient) => async (args) => {
    await Promise.all([sessionMember(queryClient), read(reads, queryClient, args)]);
    return null;
  };
}

/** The member of the session, read once through the query cache (null: a visitor, or the server could not say). */
function sessionMember(queryClient: QueryClient): Promise<OwnMember | null> {
  return queryClient.ensureQueryData(sessionQueryOptions()).catch(() => null);
}

/** For screens of members: reads only for a member's session (a visitor's screen asks them to log in). */
export function loadMemberQueries(reads: Reads): ScreenLoader {
  return (queryClient) => async (args) => {
    if (await sessionMember(queryClient)) await read(reads, queryClient, args);
    return null;
  };
}

/** For the board's screens: reads only for a board member's session (anyone else's screen says why not). */
export function loadBoardQueries(reads: Reads): ScreenLoader {
  return (queryClient) => async (args) => {
    if ((await sessionMember(queryClient))?.roles.includes('MEMBER_OF_THE_BOARD')) await read(reads, queryClient, args);
    return null;
  };
}

/** A positive whole number from a path parameter, else null. */
export function positiveId(value: string | undefined): number | null {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
}
