import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { type Router } from 'express';
import { repoRoot } from '../lib/paths.ts';

export const webDist = path.join(repoRoot, 'apps/web/dist');

/**
 * Serves the built SPA: hashed assets cached for a year, and index.html for every
 * other GET that is not API, login or identity provider (browser-history routing).
 */
export function spa(dist = webDist): Router {
  const router = express.Router();
  const index = path.join(dist, 'index.html');
  router.use('/assets', express.static(path.join(dist, 'assets'), { immutable: true, maxAge: '1y', fallthrough: false }));
  router.use(express.static(dist, { index: false, maxAge: '1h' }));
  router.get(/.*/, (req, res, next) => {
    if (!req.accepts('html')) return next();
    if (!existsSync(index)) {
      res.status(503).type('text/plain; charset=utf-8').send('Die Oberfläche ist nicht gebaut. Bitte "pnpm build" ausführen.');
      return;
    }
    res.set('Cache-Control', 'no-cache').sendFile(index);
  });
  return router;
}
