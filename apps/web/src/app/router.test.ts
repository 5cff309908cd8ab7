// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { paths, type RouteKey } from '@/config/paths';
import { createAppRouter } from './router';

const router = createAppRouter(new QueryClient());
const screens = router.routes[0]?.children ?? [];

describe('the route table', () => {
  it('has one route per screen of docs/domain-rules.md «Screens and routes», with the path of config/paths.ts: Home in the entry, the others lazy', () => {
    expect(screens.map((r) => r.id).sort()).toEqual(Object.keys(paths).sort());
    for (const route of screens) {
      const key = route.id as RouteKey;
      if (key === 'home') {
        expect(route.index, key).toBe(true);
        // react-router turns a route's Component into its element.
        expect(route.element, key).toBeTruthy();
        expect(route.lazy, key).toBeUndefined();
        expect(route.loader, key).toBeUndefined();
      } else {
        expect(route.path, key).toBe(paths[key].path);
        expect(typeof route.lazy, key).toBe('function');
      }
    }
  });

  it('loads a page for every lazy screen, and a loader for the screens that read data', { timeout: 60_000 }, async () => {
    const withLoader: string[] = [];
    for (const route of screens.filter((r) => r.lazy)) {
      const loaded = await (route.lazy as () => Promise<{ Component?: unknown; loader?: unknown }>)();
      expect(typeof loaded.Component, route.id).toBe('function');
      if (loaded.loader) withLoader.push(route.id!);
    }
    expect(withLoader.sort()).toEqual(
      [
        'account',
        'adminCandidateEdit',
        'adminCandidates',
        'adminInvoice',
        'adminInvoices',
        'adminMailings',
        'adminSeasons',
        'candidates',
        'contact',
        'deliveryOption',
        'documents',
        'event',
        'eventAdmin',
        'events',
        'eventsAdmin',
        'eventHandover',
        'game',
        'gameHandover',
        'gameGroup',
        'gameGroupId',
        'memberAdmin',
        'members',
        'newsletter',
        'reports',
        'ticket',
      ].sort(),
    );
  });
});
