import type { Router } from 'express';

export interface RouteInfo {
  method: string;
  path: string;
}

interface Layer {
  route?: { path: string | string[]; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}

/**
 * The routes of routers mounted without a path prefix (how every feature router is
 * mounted under /api/v1), with their methods. Used to walk every admin route in tests.
 */
export function listRoutes(router: Router): RouteInfo[] {
  const out: RouteInfo[] = [];
  const walk = (stack: Layer[]) => {
    for (const layer of stack) {
      if (layer.route) {
        const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
        for (const path of paths) {
          for (const [method, on] of Object.entries(layer.route.methods))
            if (on && method !== '_all') out.push({ method: method.toUpperCase(), path });
        }
      } else if (layer.handle?.stack) {
        walk(layer.handle.stack);
      }
    }
  };
  walk((router as unknown as { stack: Layer[] }).stack);
  return out;
}
