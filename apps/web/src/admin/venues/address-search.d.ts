import type { QueryClient } from '@tanstack/react-query';
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
/** The address service's GeoJSON answer: features[].properties label, name, city, postcode, context. */
export declare function parseFeatures(json: unknown): AddressSuggestion[];
/** Saved venues whose name or address contains the query (accents and case ignored). */
export declare function matchVenues(venues: readonly {
    name: string;
    address: string;
}[], query: string): AddressSuggestion[];
/**
 * Keeps at most `max` answered address queries in the client's cache (the spec's 100), forgetting the
 * oldest answers first. TanStack Query bounds a cache by time only, hence this subscriber; other queries
 * are left alone. Installed once per client.
 */
export declare function limitAddressQueries(queryClient: QueryClient, max?: number): void;
/**
 * The external address search with the spec's manners (section 9): at least 500 ms between two calls,
 * answers kept 10 minutes in TanStack Query's cache (at most 100 queries), and — on a 429 or a network
 * error — the best cached answer instead (the caller then shows cache and venues only).
 */
export declare class AddressSearch {
    private readonly baseUrl;
    private readonly queryClient;
    private nextCallAt;
    constructor(baseUrl: string, queryClient: QueryClient);
    /** The answer kept for this query, while it is less than 10 minutes old. */
    cached(query: string): AddressSuggestion[] | null;
    /** The cached answer of the longest earlier query that starts this one (used when the service fails). */
    fallback(query: string): AddressSuggestion[];
    search(query: string, signal?: AbortSignal): Promise<{
        results: AddressSuggestion[];
        fromFallback: boolean;
    }>;
    private ask;
}
export declare function addressSearchFor(queryClient: QueryClient, baseUrl: string): AddressSearch;
/** The maps link of an address (spec section 7: "a maps search link opened for an address"). */
export declare const mapsSearchUrl: (address: string) => string;
