import type { ComponentType } from 'react';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { Layout } from '@/components/layout/layout';
import { RouteError } from '@/components/layout/route-error';
import { PageSpinner } from '@/components/ui/loading-spinner';
import { paths, type RouteKey } from '@/config/paths';
import { RootError } from './root-error';

type PageModule = { default: ComponentType };

/**
 * One screen of SPEC.md §2: its name (the route id), its path, its module loaded on
 * demand, and an error boundary and loading fallback of its own.
 */
function screen(key: Exclude<RouteKey, 'home'>, load: () => Promise<PageModule>): RouteObject {
  return {
    id: paths[key].name,
    path: paths[key].path,
    lazy: async () => ({ Component: (await load()).default }),
    ErrorBoundary: RouteError,
    HydrateFallback: PageSpinner,
  };
}

export const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    Component: Layout,
    ErrorBoundary: RootError,
    children: [
      {
        id: paths.home.name,
        index: true,
        lazy: async () => ({ Component: (await import('@/features/home/routes/home-page')).default }),
        ErrorBoundary: RouteError,
        HydrateFallback: PageSpinner,
      },
      screen('fanCar', () => import('@/features/club/routes/fan-car-page')),
      screen('memberOfTheBoard', () => import('@/features/club/routes/member-of-the-board-page')),
      screen('statuten', () => import('@/features/club/routes/statuten-page')),
      screen('newsletter', () => import('@/features/newsletters/routes/newsletter-page')),
      screen('events', () => import('@/features/events/routes/events-page')),
      screen('event', () => import('@/features/events/routes/event-page')),
      screen('ticket', () => import('@/features/tickets/routes/ticket-page')),
      screen('game', () => import('@/features/tickets/routes/game-page')),
      screen('account', () => import('@/features/account/routes/account-page')),
      screen('addressChange', () => import('@/features/account/routes/address-change-page')),
      screen('emailChange', () => import('@/features/account/routes/email-change-page')),
      screen('members', () => import('@/features/members/routes/members-page')),
      screen('memberAdmin', () => import('@/features/members/routes/member-admin-page')),
      screen('deliveryOption', () => import('@/features/tickets/routes/delivery-option-page')),
      screen('gameGroup', () => import('@/features/tickets/routes/game-group-page')),
      screen('gameGroupId', () => import('@/features/tickets/routes/game-group-id-page')),
      screen('reports', () => import('@/features/seasons/routes/reports-page')),
      screen('adminInvoices', () => import('@/features/invoices/routes/admin-invoices-page')),
      screen('eventsAdmin', () => import('@/features/events/routes/events-admin-page')),
      screen('eventAdmin', () => import('@/features/events/routes/event-admin-page')),
      screen('adminSeasons', () => import('@/features/seasons/routes/admin-seasons-page')),
      screen('adminCandidates', () => import('@/features/candidates/routes/admin-candidates-page')),
      screen('adminCandidateEdit', () => import('@/features/candidates/routes/admin-candidate-edit-page')),
      screen('candidates', () => import('@/features/candidates/routes/candidates-page')),
      screen('privacyPolicy', () => import('@/features/legal/routes/privacy-policy-page')),
      screen('imprint', () => import('@/features/legal/routes/imprint-page')),
      screen('contact', () => import('@/features/contact/routes/contact-page')),
      screen('badGateway', () => import('@/features/errors/routes/bad-gateway-page')),
      screen('notFound', () => import('@/features/errors/routes/not-found-page')),
    ],
  },
];

export const router = createBrowserRouter(routes);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
