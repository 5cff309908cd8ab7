import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { paths } from '../src/config/paths';
import { screenModules } from './preload-routes';

describe('pages per screen', () => {
  it('finds the page module of every screen in the router, and each exists', () => {
    const modules = screenModules(readFileSync(new URL('../src/app/router.tsx', import.meta.url), 'utf8'));
    expect([...modules.keys()].sort()).toEqual(Object.keys(paths).sort());
    for (const module of modules.values()) expect(existsSync(fileURLToPath(new URL(`..${module}`, import.meta.url))), module).toBe(true);
  });

  it('fails the build when the router lacks a screen', () => {
    expect(() => screenModules("{ key: 'home', load: () => import('@/features/home/routes/home-page') }")).toThrow(
      /fehlt die Seite für: fanCar/,
    );
  });
});
