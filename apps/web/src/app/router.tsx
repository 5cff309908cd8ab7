import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { BrowserRouter, Route, Routes, useLocation, useNavigate, useParams, type NavigateOptions } from 'react-router-dom';
import { Layout } from '@/components/layout/layout';
import { ErrorBoundary } from '@/components/ui/error-boundary';
import { PageSpinner } from '@/components/ui/loading-spinner';
import { paths, type RouteKey } from '@/config/paths';
import { gameQueryOptions } from '@/features/tickets/api/get-game';
import { gameDeliveryOptionsQueryOptions } from '@/features/tickets/api/get-game-delivery-options';
import { gamesQueryOptions } from '@/features/tickets/api/get-games';
import { trackLoading } from '@/lib/screen-loading';

type PageModule = { default: ComponentType };

/** What a screen shows when it fails; loaded only then. */
const RouteError = lazy(() => import('@/components/layout/route-error').then((m) => ({ default: m.RouteError })));
type Params = Readonly<Record<string, string | undefined>>;

/**
 * The loader of a screen: starts its data through the query cache (the same queryOptions the
 * screen reads), so that the screen's chunk and its data travel together instead of one
 * after the other. Never awaited: the screen shows its own loading state and errors.
 */
type Prefetch = (queryClient: QueryClient, params: Params) => Promise<unknown>[];

interface Screen {
  key: RouteKey;
  load: () => Promise<PageModule>;
  prefetch?: Prefetch;
}

const positiveId = (value: string | undefined): number | null => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
};

/** Every screen of SPEC.md §2 (the route id is its name), loaded on demand. */
const screens: Screen[] = [
  { key: 'home', load: () => import('@/features/home/routes/home-page') },
  { key: 'fanCar', load: () => import('@/features/club/routes/fan-car-page') },
  { key: 'memberOfTheBoard', load: () => import('@/features/club/routes/member-of-the-board-page') },
  { key: 'statuten', load: () => import('@/features/club/routes/statuten-page') },
  { key: 'newsletter', load: () => import('@/features/newsletters/routes/newsletter-page') },
  { key: 'events', load: () => import('@/features/events/routes/events-page') },
  { key: 'event', load: () => import('@/features/events/routes/event-page') },
  {
    key: 'ticket',
    load: () => import('@/features/tickets/routes/ticket-page'),
    prefetch: (queryClient) => [queryClient.ensureQueryData(gamesQueryOptions())],
  },
  {
    key: 'game',
    load: () => import('@/features/tickets/routes/game-page'),
    prefetch: (queryClient, params) => {
      const id = positiveId(params.id);
      return id ? [queryClient.ensureQueryData(gameQueryOptions(id)), queryClient.ensureQueryData(gameDeliveryOptionsQueryOptions(id))] : [];
    },
  },
  // The account's data is the session check itself (GET /api/v1/member/?expands=*), which starts with the app.
  { key: 'account', load: () => import('@/features/account/routes/account-page') },
  { key: 'addressChange', load: () => import('@/features/account/routes/address-change-page') },
  { key: 'emailChange', load: () => import('@/features/account/routes/email-change-page') },
  { key: 'members', load: () => import('@/features/members/routes/members-page') },
  { key: 'memberAdmin', load: () => import('@/features/members/routes/member-admin-page') },
  { key: 'deliveryOption', load: () => import('@/features/tickets/routes/delivery-option-page') },
  { key: 'gameGroup', load: () => import('@/features/tickets/routes/game-group-page') },
  { key: 'gameGroupId', load: () => import('@/features/tickets/routes/game-group-id-page') },
  { key: 'reports', load: () => import('@/features/seasons/routes/reports-page') },
  { key: 'adminInvoices', load: () => import('@/features/invoices/routes/admin-invoices-page') },
  { key: 'eventsAdmin', load: () => import('@/features/events/routes/events-admin-page') },
  { key: 'eventAdmin', load: () => import('@/features/events/routes/event-admin-page') },
  { key: 'adminSeasons', load: () => import('@/features/seasons/routes/admin-seasons-page') },
  { key: 'adminCandidates', load: () => import('@/features/candidates/routes/admin-candidates-page') },
  { key: 'adminCandidateEdit', load: () => import('@/features/candidates/routes/admin-candidate-edit-page') },
  { key: 'candidates', load: () => import('@/features/candidates/routes/candidates-page') },
  { key: 'privacyPolicy', load: () => import('@/features/legal/routes/privacy-policy-page') },
  { key: 'imprint', load: () => import('@/features/legal/routes/imprint-page') },
  { key: 'contact', load: () => import('@/features/contact/routes/contact-page') },
  { key: 'badGateway', load: () => import('@/features/errors/routes/bad-gateway-page') },
  { key: 'notFound', load: () => import('@/features/errors/routes/not-found-page') },
];

/** One screen: its data starts in the same render as its chunk; errors stay inside the content area. */
function ScreenRoute({ screen, Page }: { screen: Screen; Page: ComponentType }) {
  const params = useParams();
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  // Once per screen and path (also under StrictMode's double render: the query cache dedupes).
  const [prefetched] = useState(() => new Set<string>());
  if (screen.prefetch && !prefetched.has(pathname)) {
    prefetched.add(pathname);
    for (const pending of screen.prefetch(queryClient, params)) pending.catch(() => undefined);
  }
  return (
    <ErrorBoundary key={pathname} fallback={({ error }) => (
        <Suspense fallback={null}>
          <RouteError error={error} />
        </Suspense>
      )}>
      <Suspense fallback={<PageSpinner />}>
        <Page />
      </Suspense>
    </ErrorBoundary>
  );
}

const routeElements: ReactNode[] = screens.map((screen) => {
  const Page = lazy(() => trackLoading(screen.load()));
  const element = <ScreenRoute screen={screen} Page={Page} />;
  return screen.key === 'home' ? <Route key={screen.key} index element={element} /> : <Route key={screen.key} path={paths[screen.key].path} element={element} />;
});

let navigateFromOutside: ((to: string, options?: NavigateOptions) => void) | null = null;

/** Navigation for code outside React (the global 502 rule): the router's own once it runs. */
export function navigate(to: string, options?: NavigateOptions): void {
  if (navigateFromOutside) navigateFromOutside(to, options);
  else window.location.assign(to);
}

function NavigationBridge() {
  const navigateInside = useNavigate();
  useEffect(() => {
    navigateFromOutside = (to, options) => void navigateInside(to, options);
    return () => {
      navigateFromOutside = null;
    };
  }, [navigateInside]);
  return null;
}

/**
 * Browser-history routing (SPEC.md §2) with the declarative router: the data router's
 * engine (loaders, actions, fetchers, revalidation) is not needed for screens that read
 * through TanStack Query, and leaving it out keeps 18 KB (gzip) off every first load.
 * A screen's loader is its `prefetch` above.
 */
export function AppRouter() {
  return (
    <BrowserRouter>
      <NavigationBridge />
      <Routes>
        <Route path="/" element={<Layout />}>
          {routeElements}
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
