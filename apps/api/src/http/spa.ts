import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { type RequestHandler, type Router } from 'express';
import { repoRoot } from '../lib/paths.ts';

export const webDist = path.join(repoRoot, 'apps/web/dist');

/** A path no file or page of the SPA has: dot-segments, encoded slashes or backslashes, NUL, control characters. */
const SUSPICIOUS_PATH = /(^|\/)\.\.?(\/|$)|%2e%2e|%2f|%5c|\\|%00|%[01][0-9a-f]|%7f/i;

function decodable(p: string): boolean {
  try {
    decodeURIComponent(p);
    return true;
  } catch {
    return false;
  }
}

/** Not here: 404 as short text that no cache keeps (a missing chunk may exist after the next deploy). */
const notHere: RequestHandler = (req, res) => {
  res.status(404).set('Cache-Control', 'no-store').type('text/plain; charset=utf-8').send('Diese Datei gibt es nicht.');
};

/**
 * Serves the built SPA: hashed assets cached for a year, and index.html for every other
 * GET of a page (a path without a file extension) that is not API, login or identity
 * provider (browser-history routing). A missing file is a 404 with `no-store` (an old page
 * asking for a chunk of the previous build must not get the SPA as JavaScript, nor keep the
 * 404 in a cache), never the SPA and never a 500; a path that tries to leave the directory is 400.
 */
export function spa(dist = webDist): Router {
  const router = express.Router();
  const index = path.join(dist, 'index.html');
  router.use((req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (SUSPICIOUS_PATH.test(req.path) || !decodable(req.path)) {
      res.status(400).set('Cache-Control', 'no-store').type('text/plain; charset=utf-8').send('Ungültige Adresse.');
      return;
    }
    next();
  });
  router.use('/assets', express.static(path.join(dist, 'assets'), { immutable: true, maxAge: '1y', index: false, redirect: false }), notHere);
  router.use(express.static(dist, { index: false, maxAge: '1h', redirect: false }));
  router.get(/.*/, (req, res, next) => {
    if (!req.accepts('html')) return next();
    // A file that is not there (favicon.png, robots.txt, an old chunk) is not a page of the app.
    if (/\.[A-Za-z0-9]{1,8}$/.test(req.path)) return notHere(req, res, next);
    if (!existsSync(index)) {
      res.status(503).set('Cache-Control', 'no-store').type('text/plain; charset=utf-8').send('Die Oberfläche ist nicht gebaut. Bitte "pnpm build" ausführen.');
      return;
    }
    res.set('Cache-Control', 'no-cache').sendFile(index);
  });
  router.use(notHere);
  return router;
}
