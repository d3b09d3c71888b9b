import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { AudienceCounter } from './audience-counter.ts';

type Trust = false | string[] | ((address: string, hop: number) => boolean);

/**
 * The pages the fast path serves (modules/fast-path: a stored public answer sent before Fastify) are
 * counted as the full path counts them (ssr/web-pages.ts): a GET answered 200, a public page (the fast
 * path never holds a draft's preview: it is not cached). The visitor's address is read with Fastify's
 * own rule (TRUST_PROXY, through the same proxy-addr), so a page counts alike on both paths; it only
 * feeds the day's keyed hash and is never kept.
 */
export function fastPathPageCounter(counter: () => AudienceCounter, trust: Trust) {
  return (request: IncomingMessage, status: number) => {
    if (request.method !== 'GET' || status !== 200) return;
    const url = request.url ?? '/';
    const path = url.split('?')[0]!;
    if (path.startsWith('/api/') || path.startsWith('/uploads/') || path === '/admin' || path.startsWith('/admin/')) return;
    const ip = trust ? proxyAddr(request, trust) : (request.socket.remoteAddress ?? '');
    counter().count({ path, search: url.slice(path.length), headers: request.headers, ip });
  };
}
