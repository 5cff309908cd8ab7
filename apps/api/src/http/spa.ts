import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { type Request, type RequestHandler, type Response, type Router } from 'express';
import { repoRoot } from '../lib/paths.ts';
import { chooseEncoding, encodings } from './compress.ts';

export const webDist = path.join(repoRoot, 'apps/web/dist');

/** Types of the files the build pre-compresses (express.static would name the `.br` file's type otherwise). */
const precompressedTypes: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

/**
 * Which of a file's pre-compressed copies exist. The build writes them once and the
 * file names of assets carry their content hash, so the answer is kept per path.
 */
function variantFinder(root: string) {
  const known = new Map<string, string[]>();
  return (file: string): string[] => {
    let found = known.get(file);
    if (!found) {
      found = encodings.filter((e) => existsSync(path.join(root, file + e.suffix))).map((e) => e.name);
      // Only files that exist are remembered (a missing index.html may appear after a build).
      if (found.length > 0 || existsSync(path.join(root, file))) known.set(file, found);
    }
    return found;
  };
}

/**
 * Content negotiation for the pre-compressed build: picks brotli or gzip by the request's
 * `Accept-Encoding` (q-values honoured) and lets express.static serve that copy with the
 * original type. Every file that has copies answers with `Vary: Accept-Encoding`, also
 * when it is sent as it is, so caches keep the variants apart.
 */
export function negotiateEncoding(root: string): RequestHandler {
  const variants = variantFinder(root);
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    let file: string;
    try {
      file = decodeURIComponent(req.path);
    } catch {
      return next();
    }
    const type = precompressedTypes[path.extname(file)];
    if (!type || file.includes('\0') || file.split('/').includes('..')) return next();
    const available = variants(file);
    if (available.length === 0) return next();
    res.vary('Accept-Encoding');
    const encoding = chooseEncoding(req.get('Accept-Encoding'), available);
    if (!encoding) return next();
    res.locals.contentEncoding = encoding.name;
    res.locals.contentType = type;
    req.url = req.url.replace(/^[^?]*/, (p) => p + encoding.suffix);
    next();
  };
}

/** setHeaders of express.static: the negotiated copy keeps the original's type. */
function setEncodingHeaders(res: Response): void {
  const encoding = res.locals.contentEncoding as string | undefined;
  if (!encoding) return;
  res.setHeader('Content-Encoding', encoding);
  res.setHeader('Content-Type', res.locals.contentType as string);
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
 * SPA and never a 500; a path that tries to leave the directory is 400.
 */
export function spa(dist = webDist): Router {
  const router = express.Router();
  const index = path.join(dist, 'index.html');
  const assets = path.join(dist, 'assets');
  router.use((req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (SUSPICIOUS_PATH.test(req.path) || !decodable(req.path)) {
      res.status(400).set('Cache-Control', 'no-store').type('text/plain; charset=utf-8').send('Ungültige Adresse.');
      return;
    }
    next();
  });
  router.use('/assets', negotiateEncoding(assets));
  router.use(
    '/assets',
    express.static(assets, { immutable: true, maxAge: '1y', index: false, redirect: false, setHeaders: setEncodingHeaders }),
    notHere,
  );
  router.use(negotiateEncoding(dist));
  router.use(express.static(dist, { index: false, maxAge: '1h', redirect: false, setHeaders: setEncodingHeaders }));
  const pageVariants = variantFinder(dist);
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
    const available = pageVariants('/index.html');
    let file = index;
    if (available.length > 0) {
      res.vary('Accept-Encoding');
      const encoding = chooseEncoding(req.get('Accept-Encoding'), available);
      if (encoding) {
        res.set('Content-Encoding', encoding.name).type('html');
        file += encoding.suffix;
      }
    }
    res.sendFile(file, { cacheControl: false });
  });
  router.use(notHere);
  return router;
}
