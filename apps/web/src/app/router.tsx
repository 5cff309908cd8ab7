import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, use, useEffect, type ComponentType, type ReactNode } from 'react';
import { BrowserRouter, matchPath, Route, Routes, useLocation, useNavigate, useParams, type NavigateOptions } from 'react-router-dom';
import { Layout } from '@/components/layout/layout';
import { ErrorBoundary } from '@/components/ui/error-boundary';
import { PageSpinner } from '@/components/ui/loading-spinner';
import { paths, type RouteKey } from '@/config/paths';
import type { ScreenPrefetch, ScreenRoute } from '@/lib/screen-data';
import { trackLoading } from '@/lib/screen-loading';

/** A screen's module: the page, and its loader when it reads data (lib/screen-data.ts). */
type PageModule = { default: ComponentType; prefetch?: ScreenPrefetch };

/** How long a screen waits for its data before it shows itself with its own loading state. */
const DATA_WAIT_MS = 3_000;

/** What a screen shows when it fails; loaded only then. */
const RouteError = lazy(() => import('@/components/layout/route-error').then((m) => ({ default: m.RouteError })));

interface Screen {
  key: RouteKey;
  load: () => Promise<PageModule>;
}

/** Every screen of SPEC.md §2 (the route id is its name), loaded on demand. */
const screens: Screen[] = [
  { key: 'home', load: () => import('@/features/home/routes/home-page') },
  { key: 'fanCar', load: () => import('@/features/club/routes/fan-car-page') },
  { key: 'memberOfTheBoard', load: () => import('@/features/club/routes/member-of-the-board-page') },
  { key: 'statuten', load: () => import('@/features/club/routes/statuten-page') },
  { key: 'newsletter', load: () => import('@/features/newsletters/routes/newsletter-page') },
  { key: 'events', load: () => import('@/features/events/routes/events-page') },
  { key: 'event', load: () => import('@/features/events/routes/event-page') },
  { key: 'ticket', load: () => import('@/features/tickets/routes/ticket-page') },
  { key: 'game', load: () => import('@/features/tickets/routes/game-page') },
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

/** The modules of screens whose chunk is in, by screen. */
const loadedScreens = new Map<RouteKey, PageModule>();

function loadScreen(screen: Screen): Promise<PageModule> {
  return screen.load().then((module) => {
    loadedScreens.set(screen.key, module);
    return module;
  });
}

/**
 * Loads the chunk of the screen at `pathname` (the page preloads it with the entry): the entry
 * waits for it, at most a second, before its first render, so that a screen without a loader
 * (Home, say) opens with its content rather than with the spinner first.
 */
export function loadFirstScreen(pathname: string): Promise<void> {
  const screen = screens.find((s) => matchPath({ path: paths[s.key].path, end: true }, pathname));
  if (!screen) return Promise.resolve();
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([
    loadScreen(screen).then(
      () => undefined,
      () => undefined,
    ),
    new Promise<void>((resolve) => (timer = setTimeout(resolve, 1_000))),
  ]).finally(() => clearTimeout(timer));
}

/**
 * A screen's chunk, then its loader's data (at most DATA_WAIT_MS): what the screen needs to
 * open with its content. A chunk that fails rejects (the error boundary shows it); data that
 * fails does not: the screen reads the failed query and shows its own error.
 */
async function screenReady(screen: Screen, queryClient: ReturnType<typeof useQueryClient>, route: ScreenRoute): Promise<ComponentType> {
  const module = await loadScreen(screen);
  const started = module.prefetch?.(queryClient, route) ?? [];
  if (started.length) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([Promise.allSettled(started), new Promise((resolve) => (timer = setTimeout(resolve, DATA_WAIT_MS)))]);
    clearTimeout(timer);
  }
  return module.default;
}

/** Screens made ready, by path: a revisit shows at once (its queries refresh in the background). */
const readyScreens = new Map<string, Promise<ComponentType>>();
const MAX_READY_SCREENS = 200;

/** The screen of one path: suspends until screenReady, once per path. */
function ScreenContent({ screen }: { screen: Screen }) {
  const params = useParams();
  const queryClient = useQueryClient();
  const { pathname, search } = useLocation();
  // A screen without a loader whose chunk is in has nothing to wait for. Suspending all the same
  // would show the spinner first, and React reveals suspended content no sooner than 300 ms
  // after its fallback.
  const Loaded = loadedScreens.get(screen.key);
  if (Loaded && !Loaded.prefetch) return <Loaded.default />;
  let pending = readyScreens.get(pathname);
  if (!pending) {
    if (readyScreens.size >= MAX_READY_SCREENS) readyScreens.clear();
    const started = trackLoading(screenReady(screen, queryClient, { params, search: new URLSearchParams(search) }));
    // A chunk that failed is asked for again on the next visit (after a deploy, say).
    started.catch(() => readyScreens.get(pathname) === started && readyScreens.delete(pathname));
    readyScreens.set(pathname, started);
    pending = started;
  }
  const Page = use(pending);
  // The page module's default export: one component per screen, the same on every render.
  // eslint-disable-next-line react-hooks/static-components
  return <Page />;
}

/** One screen; errors stay inside the content area. */
function ScreenRoute({ screen }: { screen: Screen }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary
      key={pathname}
      fallback={({ error }) => (
        <Suspense fallback={null}>
          <RouteError error={error} />
        </Suspense>
      )}
    >
      <Suspense fallback={<PageSpinner />}>
        <ScreenContent screen={screen} />
      </Suspense>
    </ErrorBoundary>
  );
}

const routeElements: ReactNode[] = screens.map((screen) => {
  const element = <ScreenRoute screen={screen} />;
  return screen.key === 'home' ? (
    <Route key={screen.key} index element={element} />
  ) : (
    <Route key={screen.key} path={paths[screen.key].path} element={element} />
  );
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
 * A screen's loader is the `prefetch` its page module exports (lib/screen-data.ts).
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
