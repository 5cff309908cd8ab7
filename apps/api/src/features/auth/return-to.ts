const MAX_LENGTH = 2000;
const BASE = 'http://site.invalid';

/**
 * Where the browser may go after the login: a path of this site only. It must start with
 * exactly one '/' (not '//' nor '/\', which browsers read as another host), contain no
 * whitespace or control characters (browsers drop tabs and newlines, turning '/\t/evil'
 * into '//evil'), and not lead back into the login itself. Anything else gives '/'.
 */
export function safeReturnTo(value: unknown): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_LENGTH) return '/';
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0020\u007f-\u009f\\]/.test(value)) return '/';
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return '/';
  }
  if (url.origin !== BASE) return '/';
  if (/^\/(oauth|idp)(\/|$)/i.test(url.pathname)) return '/';
  return value;
}
