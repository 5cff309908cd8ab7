/**
 * Walks the real login (code flow through the embedded provider) with plain fetch, as a
 * browser would: manual redirects and a small cookie jar that honours cookie paths.
 */

interface StoredCookie {
  name: string;
  value: string;
  path: string;
  origin: string;
}

export class CookieJar {
  private cookies: StoredCookie[] = [];

  /** Takes the Set-Cookie headers of a response to a request for `url`. */
  store(url: string, response: Response): void {
    const { origin, pathname } = new URL(url);
    for (const header of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
      const eq = pair.indexOf('=');
      if (eq < 1) continue;
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      let path = pathname.slice(0, pathname.lastIndexOf('/') + 1) || '/';
      let expired = value === '';
      for (const attribute of attributes) {
        const [key = '', val = ''] = attribute.split('=');
        const k = key.toLowerCase();
        if (k === 'path' && val) path = val;
        if (k === 'max-age' && Number(val) <= 0) expired = true;
        if (k === 'expires' && Date.parse(val) <= Date.now()) expired = true;
      }
      this.cookies = this.cookies.filter((c) => !(c.name === name && c.path === path && c.origin === origin));
      if (!expired) this.cookies.push({ name, value, path, origin });
    }
  }

  /** The Cookie header for a request to `url` (longest path first). */
  header(url: string): string {
    const { origin, pathname } = new URL(url);
    return this.cookies
      .filter((c) => c.origin === origin && (pathname === c.path || pathname.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`)))
      .sort((a, b) => b.path.length - a.path.length)
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
  }

  get(name: string, origin?: string): string | undefined {
    return this.cookies.find((c) => c.name === name && (!origin || c.origin === origin))?.value;
  }

  set(origin: string, name: string, value: string, path = '/'): void {
    this.cookies = this.cookies.filter((c) => !(c.name === name && c.path === path && c.origin === origin));
    this.cookies.push({ name, value, path, origin });
  }
}

export interface Step {
  url: string;
  response: Response;
  body: string;
}

/** One request with the jar's cookies, no redirect following. */
export async function request(jar: CookieJar, url: string, init: RequestInit = {}): Promise<Step> {
  const headers = new Headers(init.headers);
  const cookie = jar.header(url);
  if (cookie) headers.set('cookie', cookie);
  if (!headers.has('accept')) headers.set('accept', 'text/html,application/json;q=0.9,*/*;q=0.8');
  const response = await fetch(url, { ...init, headers, redirect: 'manual' });
  jar.store(url, response);
  return { url, response, body: await response.text() };
}

/**
 * Follows redirects from `url` until a response that is not a redirect, or until the next
 * location satisfies `stopBefore` (then that location is returned unvisited).
 */
export async function follow(
  jar: CookieJar,
  url: string,
  options: { stopBefore?: (location: string) => boolean; init?: RequestInit; maxSteps?: number } = {},
): Promise<{ last: Step; stoppedAt?: string; visited: string[] }> {
  const visited: string[] = [];
  let step = await request(jar, url, options.init);
  visited.push(url);
  for (let i = 0; i < (options.maxSteps ?? 15); i++) {
    const location = step.response.headers.get('location');
    if (!location || step.response.status < 300 || step.response.status >= 400) return { last: step, visited };
    const next = new URL(location, step.url).href;
    if (options.stopBefore?.(next)) return { last: step, stoppedAt: next, visited };
    step = await request(jar, next);
    visited.push(next);
  }
  throw new Error(`too many redirects from ${url}: ${visited.join(' -> ')}`);
}

export interface LoginPage {
  jar: CookieJar;
  /** Absolute URL the login form posts to. */
  action: string;
  page: Step;
}

/** /oauth/login?returnTo=… up to the provider's login page. */
export async function openLoginPage(url: string, returnTo = '/', jar = new CookieJar()): Promise<LoginPage> {
  const { last } = await follow(jar, `${url}/oauth/login?returnTo=${encodeURIComponent(returnTo)}`);
  if (last.response.status !== 200)
    throw new Error(`login page expected, got ${last.response.status} at ${last.url}: ${last.body.slice(0, 300)}`);
  const action = /<form[^>]*method="post"[^>]*action="([^"]+)"/.exec(last.body)?.[1];
  if (!action) throw new Error(`no login form at ${last.url}`);
  return { jar, action: new URL(action.replaceAll('&amp;', '&'), last.url).href, page: last };
}

/** Posts the login form; returns the provider's answer (a redirect when the password was right). */
export async function submitLogin(login: LoginPage, username: string, password: string): Promise<Step> {
  return request(login.jar, login.action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password }).toString(),
  });
}

/** From the provider's redirect after the form back to the site: the final location and the jar. */
export async function completeLogin(
  url: string,
  login: LoginPage,
  afterForm: Step,
): Promise<{ cookie: string; finalLocation: string; last: Step }> {
  const location = afterForm.response.headers.get('location');
  if (afterForm.response.status !== 303 || !location) {
    throw new Error(`login refused: ${afterForm.response.status} ${afterForm.body.slice(0, 300)}`);
  }
  const origin = new URL(url).origin;
  // Stop once the site sends the browser on from /oauth/callback (the SPA is not needed).
  const { last, stoppedAt } = await follow(login.jar, new URL(location, afterForm.url).href, {
    stopBefore: (next) => !next.startsWith(`${origin}/idp/`) && !next.startsWith(`${origin}/oauth/`),
  });
  const sid = login.jar.get('sid', origin);
  if (!stoppedAt || !sid) throw new Error(`login did not finish: ${last.response.status} at ${last.url}: ${last.body.slice(0, 300)}`);
  return { cookie: `sid=${sid}`, finalLocation: stoppedAt, last };
}

/** The whole login of a member; returns the `sid` cookie for API calls and where the site sent the browser. */
export async function loginAs(
  url: string,
  username: string,
  password: string,
  returnTo = '/',
): Promise<{ cookie: string; finalLocation: string }> {
  const login = await openLoginPage(url, returnTo);
  const answer = await submitLogin(login, username, password);
  const { cookie, finalLocation } = await completeLogin(url, login, answer);
  return { cookie, finalLocation };
}

/** The absolute action of the (first) form of a provider page. */
export function formAction(step: Step): string {
  const action = /<form[^>]*method="post"[^>]*action="([^"]+)"/.exec(step.body)?.[1];
  if (!action) throw new Error(`no form at ${step.url}: ${step.body.slice(0, 300)}`);
  return new URL(action.replaceAll('&amp;', '&'), step.url).href;
}

/** Posts a form of a provider page (URL-encoded), with the jar's cookies. */
export function postForm(jar: CookieJar, action: string, fields: Record<string, string>): Promise<Step> {
  return request(jar, action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
}

/** After a correct password that asks for more (a code, an enrolment): that page, followed from the provider's redirect. */
export async function nextLoginPage(login: LoginPage, afterPassword: Step): Promise<Step> {
  const location = afterPassword.response.headers.get('location');
  if (afterPassword.response.status !== 303 || !location) {
    throw new Error(`a further login step expected: ${afterPassword.response.status} ${afterPassword.body.slice(0, 300)}`);
  }
  const { last } = await follow(login.jar, new URL(location, afterPassword.url).href);
  return last;
}

/** The whole login of a member with a second factor: password, then the code it is given. */
export async function loginWithCode(url: string, username: string, password: string, code: () => string): Promise<{ cookie: string }> {
  const login = await openLoginPage(url);
  const codePage = await nextLoginPage(login, await submitLogin(login, username, password));
  const answer = await postForm(login.jar, formAction(codePage), { code: code() });
  const { cookie } = await completeLogin(url, login, answer);
  return { cookie };
}

/** Posts a new password (and its confirmation) to the page of a mailed link (invitation, forgotten password). */
export function submitNewPassword(baseUrl: string, path: string, password: string, confirmation = password): Promise<Response> {
  return fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
    body: new URLSearchParams({ password, confirmation }).toString(),
    redirect: 'manual',
  });
}
