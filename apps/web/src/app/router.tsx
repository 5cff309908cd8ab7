import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, type ComponentType } from 'react';
import { createBrowserRouter, useRouteError, type LoaderFunction, type RouteObject, type ShouldRevalidateFunction } from 'react-router-dom';
import { Layout } from '@/components/layout/layout';
import { PageSpinner } from '@/components/ui/loading-spinner';
import { paths, type RouteKey } from '@/config/paths';
import HomePage from '@/features/home/routes/home-page';
import { AppErrorPage } from './root-error';

/**
 * A screen's module: the page (default export) and, when the screen reads data, its loader built
 * from the query client (`ensureQueryData` with the queryOptions the page reads).
 */
interface ScreenModule {
  default: ComponentType;
  loader?: (queryClient: QueryClient) => LoaderFunction;
}

/**
 * Every screen of docs/domain-rules.md «Screens and routes» but Home (the route id is its name in config/paths.ts), loaded on
 * demand. Home is part of the entry (below): it reads nothing but the shell's session and site
 * facts, and a lazy Home showed the navigation bar a render before its content.
 */
const screens: Record<Exclude<RouteKey, 'home'>, () => Promise<ScreenModule>> = {
  fanCar: () => import('@/features/club/routes/fan-car-page'),
  memberOfTheBoard: () => import('@/features/club/routes/member-of-the-board-page'),
  statuten: () => import('@/features/club/routes/statuten-page'),
  newsletter: () => import('@/features/newsletters/routes/newsletter-page'),
  documents: () => import('@/features/documents/routes/documents-page'),
  events: () => import('@/features/events/routes/events-page'),
  event: () => import('@/features/events/routes/event-page'),
  ticket: () => import('@/features/tickets/routes/ticket-page'),
  game: () => import('@/features/tickets/routes/game-page'),
  account: () => import('@/features/account/routes/account-page'),
  addressChange: () => import('@/features/account/routes/address-change-page'),
  emailChange: () => import('@/features/account/routes/email-change-page'),
  members: () => import('@/features/members/routes/members-page'),
  membersImport: () => import('@/features/members/routes/members-import-page'),
  memberAdmin: () => import('@/features/members/routes/member-admin-page'),
  deliveryOption: () => import('@/features/tickets/routes/delivery-option-page'),
  gameGroup: () => import('@/features/tickets/routes/game-group-page'),
  gameGroupId: () => import('@/features/tickets/routes/game-group-id-page'),
  reports: () => import('@/features/reports/routes/reports-page'),
  adminInvoices: () => import('@/features/invoices/routes/admin-invoices-page'),
  adminInvoice: () => import('@/features/invoices/routes/admin-invoice-page'),
  eventsAdmin: () => import('@/features/events/routes/events-admin-page'),
  eventAdmin: () => import('@/features/events/routes/event-admin-page'),
  adminSeasons: () => import('@/features/seasons/routes/admin-seasons-page'),
  gameHandover: () => import('@/features/handover/routes/game-handover-page'),
  eventHandover: () => import('@/features/handover/routes/event-handover-page'),
  adminMailings: () => import('@/features/mailings/routes/admin-mailings-page'),
  adminCandidates: () => import('@/features/candidates/routes/admin-candidates-page'),
  adminCandidateEdit: () => import('@/features/candidates/routes/admin-candidate-edit-page'),
  candidates: () => import('@/features/candidates/routes/candidates-page'),
  privacyPolicy: () => import('@/features/legal/routes/privacy-policy-page'),
  imprint: () => import('@/features/legal/routes/imprint-page'),
  contact: () => import('@/features/contact/routes/contact-page'),
  badGateway: () => import('@/features/errors/routes/bad-gateway-page'),
  notFound: () => import('@/features/errors/routes/not-found-page'),
};

/** What a screen shows when it fails; loaded only then. */
const RouteError = lazy(() => import('@/components/layout/route-error').then((m) => ({ default: m.RouteError })));

/** The error boundary of every screen: header and footer stay, the content says what went wrong. */
function ScreenError() {
  const error = useRouteError();
  return (
    <Suspense fallback={null}>
      <RouteError error={error} />
    </Suspense>
  );
}

/** While the first screen's chunk and data load: the spinner appears only after 300 ms (no flash when they come sooner). */
function ScreenFallback() {
  return <PageSpinner late />;
}

/**
 * A screen's loader runs when its path changes, not when only its query string does: a search
 * box or filter writes the address as the user types, and the screen reads it through its own
 * query (old results stay until new ones come), so typing never waits for the router.
 */
const onNewPath: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  currentUrl.pathname !== nextUrl.pathname && defaultShouldRevalidate;

function screenRoute(key: Exclude<RouteKey, 'home'>, queryClient: QueryClient): RouteObject {
  return {
    id: key,
    path: paths[key].path,
    lazy: async () => {
      const { default: Component, loader } = await screens[key]();
      return loader ? { Component, loader: loader(queryClient) } : { Component };
    },
    shouldRevalidate: onNewPath,
    HydrateFallback: ScreenFallback,
    ErrorBoundary: ScreenError,
  };
}

/** Home: in the entry; it reads only the shell's session and site facts and shows with the navigation bar in the first render. */
const homeRoute: RouteObject = { id: 'home', index: true, Component: HomePage, ErrorBoundary: ScreenError };

/**
 * Browser-history routing (docs/domain-rules.md «Screens and routes») with react-router's data router: every screen but Home is
 * a lazy route whose loader fills the query cache before the screen shows, so it opens with its
 * content; the screen then reads the same queries (`useQuery`) and keeps them fresh.
 */
export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter([
    {
      path: '/',
      Component: Layout,
      ErrorBoundary: AppErrorPage,
      children: [homeRoute, ...(Object.keys(screens) as Exclude<RouteKey, 'home'>[]).map((key) => screenRoute(key, queryClient))],
    },
  ]);
}

export type AppRouter = ReturnType<typeof createAppRouter>;
