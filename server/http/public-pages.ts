import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The pages a signed-out visitor sees (login, register) are the same for everyone at the same
 * URL: their loaders read only the URL, and nothing per visitor goes into the HTML. Rendering
 * one through Remix and React, then compressing it, cost far more than the request itself (the
 * issue 11 bench), so each URL is rendered once per process and kept with its gzip and brotli
 * bodies. Only GETs without a signed-in user, answered 200 without a cookie, are kept; a new
 * build is a new process, so nothing goes stale.
 */
export const PUBLIC_PAGES = new Set(['/login', '/register']);
const MAX_ENTRIES = 64;
const MAX_URL_LENGTH = 1024;

interface CachedPage {
  headers: Array<[string, string]>;
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
}

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

export class PublicPageCache {
  private readonly pages = new Map<string, CachedPage>();

  /** Whether this request may be answered from (and fill) the cache. */
  accepts(request: FastifyRequest): boolean {
    return request.method === 'GET' && !request.user && request.url.length <= MAX_URL_LENGTH && PUBLIC_PAGES.has(request.url.split('?')[0]);
  }

  /** Sends the kept page for this URL; false when there is none yet. */
  send(request: FastifyRequest, reply: FastifyReply): boolean {
    const page = this.pages.get(request.url);
    if (!page) return false;
    // Most recently used last, so the oldest is the one dropped.
    this.pages.delete(request.url);
    this.pages.set(request.url, page);
    for (const [key, value] of page.headers) reply.header(key, value);
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    reply.header('vary', 'accept-encoding');
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    void reply.status(200).send(page[encoding]);
    return true;
  }

  /** Keeps a freshly rendered page (a 200 without cookies); answers its body for sending. */
  async keep(url: string, response: Response): Promise<Buffer | null> {
    if (response.status !== 200 || response.headers.getSetCookie().length > 0 || !response.body) return null;
    const identity = Buffer.from(await response.arrayBuffer());
    const headers = [...response.headers.entries()].filter(([key]) => !['content-length', 'content-encoding', 'transfer-encoding'].includes(key));
    const [gzipped, brotlied] = await Promise.all([gzip(identity, { level: 9 }), brotli(identity)]);
    if (this.pages.size >= MAX_ENTRIES) this.pages.delete(this.pages.keys().next().value as string);
    this.pages.set(url, { headers, identity, gzip: gzipped, br: brotlied });
    return identity;
  }
}

/** br, then gzip, among the codings the browser accepts (q > 0); identity otherwise. */
export function preferredEncoding(header: string | string[] | undefined): 'br' | 'gzip' | 'identity' {
  const accepted = new Set<string>();
  for (const part of String(header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    if (name && (q === undefined || Number(q) > 0)) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return 'identity';
}
