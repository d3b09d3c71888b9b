import { TIMINGS } from '@bande/shared';

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

export class RateLimitedError extends Error {}

interface CacheEntry {
  at: number;
  results: AddressSuggestion[];
}

/**
 * The external address search with the spec's manners (section 9): at least 500 ms between two calls,
 * a 10-minute cache of at most 100 queries, and — on a 429 or a network error — the best cached answer
 * instead (the caller then shows cache and venues only).
 */
export class AddressSearch {
  private readonly cache = new Map<string, CacheEntry>();
  private lastCallAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly baseUrl: string,
    private readonly fetchImpl: () => typeof fetch = () => globalThis.fetch,
  ) {}

  cached(query: string): AddressSuggestion[] | null {
    const key = normalize(query);
    const entry = this.cache.get(key);
    if (!entry) return null;
    if (Date.now() - entry.at > TIMINGS.addressCacheMs) {
      this.cache.delete(key);
      return null;
    }
    return entry.results;
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

  /** Milliseconds to wait before the next call may leave. */
  waitBeforeNextCall(): number {
    return Math.max(0, this.lastCallAt + TIMINGS.addressMinIntervalMs - Date.now());
  }

  async search(query: string, signal?: AbortSignal): Promise<{ results: AddressSuggestion[]; fromFallback: boolean }> {
    const hit = this.cached(query);
    if (hit) return { results: hit, fromFallback: false };
    const wait = this.waitBeforeNextCall();
    if (wait > 0) await sleep(wait, signal);
    this.lastCallAt = Date.now();
    const url = new URL(this.baseUrl, window.location.origin);
    url.searchParams.set('q', query.trim());
    url.searchParams.set('limit', String(TIMINGS.addressResults));
    let response: Response;
    try {
      response = await this.fetchImpl()(url.toString(), { signal, headers: { accept: 'application/json' } });
    } catch (error) {
      if (signal?.aborted) throw error;
      return { results: this.fallback(query), fromFallback: true };
    }
    if (response.status === 429) return { results: this.fallback(query), fromFallback: true };
    if (!response.ok) return { results: [], fromFallback: false };
    const results = parseFeatures(await response.json().catch(() => null));
    this.remember(query, results);
    return { results, fromFallback: false };
  }

  private remember(query: string, results: AddressSuggestion[]) {
    const key = normalize(query);
    this.cache.delete(key);
    this.cache.set(key, { at: Date.now(), results });
    // Maps keep insertion order: the first key is the oldest.
    while (this.cache.size > TIMINGS.addressCacheMax) this.cache.delete(this.cache.keys().next().value!);
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

/** One searcher per service URL for the whole admin session, so that its cache and pacing are shared. */
const searchers = new Map<string, AddressSearch>();
export function addressSearchFor(baseUrl: string): AddressSearch {
  let searcher = searchers.get(baseUrl);
  if (!searcher) {
    searcher = new AddressSearch(baseUrl);
    searchers.set(baseUrl, searcher);
  }
  return searcher;
}

/** Tests start from an empty cache. */
export function resetAddressSearches() {
  searchers.clear();
}

/** The maps link of an address (spec section 7: "a maps search link opened for an address"). */
export const mapsSearchUrl = (address: string) => `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
