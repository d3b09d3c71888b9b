import type { QueryClient } from '@tanstack/react-query';
import { TIMINGS } from '@bande/shared/constants';

export interface AddressSuggestion {
  /** What goes into the address field. */
  address: string;
  /** First line shown in the list. */
  title: string;
  /** Second line (postcode, city, region). */
  detail: string | null;
  source: 'venue' | 'external';
  /** For a saved venue: its name (the show form fills venueName with it). */
  venueName?: string;
}

interface FeatureProperties {
  label?: unknown;
  name?: unknown;
  city?: unknown;
  postcode?: unknown;
  context?: unknown;
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

/** The address service's GeoJSON answer: features[].properties label, name, city, postcode, context. */
export function parseFeatures(json: unknown): AddressSuggestion[] {
  const features = (json as { features?: unknown } | null)?.features;
  if (!Array.isArray(features)) return [];
  const suggestions: AddressSuggestion[] = [];
  for (const feature of features as { properties?: FeatureProperties }[]) {
    const properties = feature?.properties ?? {};
    const label = text(properties.label);
    if (!label) continue;
    const cityLine = [text(properties.postcode), text(properties.city)].filter(Boolean).join(' ');
    const detail = [cityLine, text(properties.context)].filter(Boolean).join(' · ') || null;
    suggestions.push({ address: label, title: text(properties.name) ?? label, detail, source: 'external' });
  }
  return suggestions.slice(0, TIMINGS.addressResults);
}

const normalize = (value: string) =>
  value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();

/** Saved venues whose name or address contains the query (accents and case ignored). */
export function matchVenues(venues: readonly { name: string; address: string }[], query: string): AddressSuggestion[] {
  const needle = normalize(query);
  if (needle.length < 2) return [];
  return venues
    .filter((venue) => normalize(venue.name).includes(needle) || normalize(venue.address).includes(needle))
    .slice(0, TIMINGS.addressResults)
    .map((venue) => ({ address: venue.address, title: venue.name, detail: venue.address, source: 'venue' as const, venueName: venue.name }));
}

const ADDRESS_QUERIES = 'address-search';
const addressKey = (baseUrl: string, query: string) => [ADDRESS_QUERIES, baseUrl, normalize(query)] as const;

/** The service cannot answer now (429 or no network): the caller shows what the cache knows. */
class ServiceUnavailable extends Error {}

const limitedClients = new WeakSet<QueryClient>();

/**
 * Keeps at most `max` answered address queries in the client's cache (the spec's 100), forgetting the
 * oldest answers first. TanStack Query bounds a cache by time only, hence this subscriber; other queries
 * are left alone. Installed once per client.
 */
export function limitAddressQueries(queryClient: QueryClient, max: number = TIMINGS.addressCacheMax): void {
  if (limitedClients.has(queryClient)) return;
  limitedClients.add(queryClient);
  const cache = queryClient.getQueryCache();
  cache.subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success' || event.query.queryKey[0] !== ADDRESS_QUERIES) return;
    const answered = cache
      .findAll({ queryKey: [ADDRESS_QUERIES] })
      .filter((query) => query.state.data !== undefined)
      .sort((a, b) => a.state.dataUpdatedAt - b.state.dataUpdatedAt);
    for (const query of answered.slice(0, Math.max(0, answered.length - max))) cache.remove(query);
  });
}

/**
 * The external address search with the spec's manners (section 9): at least 500 ms between two calls,
 * answers kept 10 minutes in TanStack Query's cache (at most 100 queries), and — on a 429 or a network
 * error — the best cached answer instead (the caller then shows cache and venues only).
 */
export class AddressSearch {
  private nextCallAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly baseUrl: string,
    private readonly queryClient: QueryClient,
  ) {
    limitAddressQueries(queryClient);
  }

  /** The answer kept for this query, while it is less than 10 minutes old. */
  cached(query: string): AddressSuggestion[] | null {
    const state = this.queryClient.getQueryState<AddressSuggestion[]>(addressKey(this.baseUrl, query));
    if (!state?.data || Date.now() - state.dataUpdatedAt > TIMINGS.addressCacheMs) return null;
    return state.data;
  }

  /** The cached answer of the longest earlier query that starts this one (used when the service fails). */
  fallback(query: string): AddressSuggestion[] {
    const key = normalize(query);
    for (let length = key.length; length >= 3; length--) {
      const hit = this.cached(key.slice(0, length));
      if (hit) return hit;
    }
    return [];
  }

  async search(query: string, signal?: AbortSignal): Promise<{ results: AddressSuggestion[]; fromFallback: boolean }> {
    const queryKey = addressKey(this.baseUrl, query);
    try {
      const results = await this.queryClient.fetchQuery({
        queryKey,
        queryFn: () => this.ask(query, signal),
        staleTime: TIMINGS.addressCacheMs,
        gcTime: TIMINGS.addressCacheMs,
        // A 429 is not retried, and an offline browser must get the fallback at once rather than wait.
        retry: false,
        networkMode: 'always',
      });
      return { results, fromFallback: false };
    } catch (error) {
      // A failure is not an answer: nothing of it is kept.
      if (this.queryClient.getQueryState(queryKey)?.data === undefined) this.queryClient.removeQueries({ queryKey, exact: true });
      if (signal?.aborted) throw error;
      return error instanceof ServiceUnavailable ? { results: this.fallback(query), fromFallback: true } : { results: [], fromFallback: false };
    }
  }

  private async ask(query: string, signal?: AbortSignal): Promise<AddressSuggestion[]> {
    // Each call takes the next free slot, so that calls waiting together still leave 500 ms apart.
    const now = Date.now();
    const at = Math.max(now, this.nextCallAt);
    this.nextCallAt = at + TIMINGS.addressMinIntervalMs;
    if (at > now) await sleep(at - now, signal);
    const url = new URL(this.baseUrl, window.location.origin);
    url.searchParams.set('q', query.trim());
    url.searchParams.set('limit', String(TIMINGS.addressResults));
    let response: Response;
    try {
      response = await fetch(url.toString(), { signal, headers: { accept: 'application/json' } });
    } catch (error) {
      throw signal?.aborted ? error : new ServiceUnavailable();
    }
    if (response.status === 429) throw new ServiceUnavailable();
    if (!response.ok) throw new Error(`Address search: ${response.status}`);
    return parseFeatures(await response.json().catch(() => null));
  }
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new DOMException('Aborted', 'AbortError'));
      },
      { once: true },
    );
  });
}

/** One searcher per query client and service URL for the whole admin session, so that its pacing is shared. */
const searchers = new WeakMap<QueryClient, Map<string, AddressSearch>>();
export function addressSearchFor(queryClient: QueryClient, baseUrl: string): AddressSearch {
  let byUrl = searchers.get(queryClient);
  if (!byUrl) searchers.set(queryClient, (byUrl = new Map()));
  let searcher = byUrl.get(baseUrl);
  if (!searcher) byUrl.set(baseUrl, (searcher = new AddressSearch(baseUrl, queryClient)));
  return searcher;
}

/** The maps link of an address (spec section 7: "a maps search link opened for an address"). */
export const mapsSearchUrl = (address: string) => `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
