import { existsSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import express, { type Request, type RequestHandler, type Response, type Router } from 'express';
import expressStaticGzip from 'express-static-gzip';
import { repoRoot } from '../paths.ts';
import { chooseEncoding } from './compress.ts';

export const webDist = path.join(repoRoot, 'apps/web/dist');

/**
 * The site's one negotiation decides which copy of a file goes out (`chooseEncoding`, as the
 * `compression` middleware decides for answers made on the fly); the request then names only
 * that encoding, so express-static-gzip serves the copy it chose. A copy the build did not write
 * (not smaller than the file) leaves the file to the `compression` middleware with the same choice.
 */
const oneNegotiation: RequestHandler = (req, _res, next) => {
  req.headers['accept-encoding'] = chooseEncoding(req.get('Accept-Encoding'))?.name ?? 'identity';
  next();
};

/** express-static-gzip names the charset `UTF-8`; every other answer of the site (express) says `utf-8`. */
function sameCharsetSpelling(res: ServerResponse): void {
  const type = res.getHeader('Content-Type');
  if (typeof type === 'string') res.setHeader('Content-Type', type.replace('charset=UTF-8', 'charset=utf-8'));
}

/**
 * The build's files with their pre-compressed copies (`<file>.br`, `<file>.gz`, written by
 * `apps/web/build/precompress.ts`): express-static-gzip sends the copy with the original's type and
 * `Vary: Accept-Encoding`, serve-static the caching headers and validators.
 */
function builtFiles(root: string, caching: { maxAge: string; immutable?: boolean }) {
  return expressStaticGzip(root, {
    enableBrotli: true,
    index: false,
    serveStatic: { ...caching, index: false, redirect: false, setHeaders: sameCharsetSpelling },
  });
}

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
const notHere: RequestHandler = (_req, res) => {
  res.status(404).set('Cache-Control', 'no-store').type('text/plain; charset=utf-8').send('Diese Datei gibt es nicht.');
};

/**
 * Serves the built SPA: hashed assets cached for a year (immutable), other public files for
 * an hour, and index.html for every other GET of a page (a path without a file extension)
 * that is not API, login or identity provider (browser-history routing) with `no-cache`: the
 * browser keeps it but asks every time (ETag/Last-Modified, an unchanged page costs a 304), so
 * a new build is seen at once. Text files go out pre-compressed (brotli or gzip, chosen per
 * request). A missing file is a 404 with `no-store` (an old page asking for a chunk of the
 * previous build must not get the SPA as JavaScript, nor keep the 404 in a cache), never the
 * SPA and never a 500; a path that tries to leave the directory is 400. The copies are found
 * when the server starts: the files of a build made later are compressed on the fly until a restart.
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
    oneNegotiation(req, res, next);
  });
  router.use('/assets', builtFiles(path.join(dist, 'assets'), { maxAge: '1y', immutable: true }), notHere);
  const files = builtFiles(dist, { maxAge: '1h' });
  router.use(files);
  router.get(/.*/, (req: Request, res: Response, next) => {
    if (!req.accepts('html')) return next();
    // A file that is not there (favicon.png, robots.txt, an old chunk) is not a page of the app.
    if (/\.[A-Za-z0-9]{1,8}$/.test(req.path)) return notHere(req, res, next);
    if (!existsSync(index)) {
      res
        .status(503)
        .set('Cache-Control', 'no-store')
        .type('text/plain; charset=utf-8')
        .send('Die Oberfläche ist nicht gebaut. Bitte "pnpm build" ausführen.');
      return;
    }
    res.set('Cache-Control', 'no-cache');
    req.url = '/index.html';
    files(req, res, next);
  });
  router.use(notHere);
  return router;
}
