/**
 * Where to go after login: only a path on this site. The value is parsed the way a browser
 * parses a Location header (tabs and newlines dropped, backslashes read as slashes, dot
 * segments resolved), and refused unless it stays on this origin and reads as a plain path,
 * decoded or not. Used by the server (loader and action) and by the browser alike.
 */
const BASE = 'http://tomekeeper.invalid';

export function safeRedirectTarget(value: unknown, fallback = '/dashboard'): string {
  if (typeof value !== 'string' || value.length > 2048) return fallback;
  // Control characters (a browser drops tabs and newlines, so "/\t/host" is "//host") never
  // belong in a link; then only paths: "//host", "/\host" and "http:" all leave the site.
  if (/[\u0000-\u001f\u007f]/.test(value) || !/^\/(?![/\\])/.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  const target = `${url.pathname}${url.search}${url.hash}`;
  if (!isPlainPath(target) || !isPlainPath(safeDecode(target))) return fallback;
  if (/^\/(login|register)(?:[/?#]|$)/i.test(url.pathname)) return fallback;
  return target;
}

function isPlainPath(path: string): boolean {
  return path.startsWith('/') && !/^\/[/\\]/.test(path) && !/[\u0000-\u001f\u007f\\]/.test(path);
}

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return '//undecodable';
  }
}
