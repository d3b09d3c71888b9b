import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { AddressAutocomplete } from './address-autocomplete.tsx';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AddressSearch, limitAddressQueries } from './address-search.ts';

const SEARCH_URL = 'https://adresse.test/search/';
const venues = [
  { name: 'Théâtre du Vieux Pont', address: '12 rue du Pont, 80000 Amiens' },
  { name: 'Médiathèque Louis Aragon', address: '50 rue de la République, 80000 Amiens' },
];

const feature = (label: string, index: number) => ({
  properties: { label: `${index} ${label}`, name: `${index} ${label}`, city: 'Amiens', postcode: '80000', context: '80, Somme, Hauts-de-France' },
});

/** The address service: 7 features per query (the client keeps 5), or the given status. */
function stubService(status: (query: string) => number | 'network' = () => 200) {
  const mock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input));
    const query = url.searchParams.get('q')!;
    const answer = status(query);
    if (answer === 'network') throw new TypeError('Failed to fetch');
    const features = Array.from({ length: 7 }, (_, index) => feature(query, index + 1));
    return new Response(JSON.stringify(answer === 200 ? { features } : {}), { status: answer });
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}

const queries = (mock: ReturnType<typeof stubService>) => mock.mock.calls.map(([input]) => new URL(String(input)).searchParams.get('q'));

// Each test starts from an empty cache.
let queryClient: QueryClient;

function Harness() {
  const [value, setValue] = useState('');
  return (
    <QueryClientProvider client={queryClient}>
      <AddressAutocomplete label="Adresse" value={value} onChange={setValue} venues={venues} searchUrl={SEARCH_URL} />
    </QueryClientProvider>
  );
}

const type = (value: string) => fireEvent.change(screen.getByRole('combobox', { name: /Adresse/ }), { target: { value } });
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const optionTexts = () => screen.queryAllByRole('option').map((option) => option.textContent);

beforeEach(() => {
  vi.useFakeTimers();
  queryClient = new QueryClient();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('address autocomplete (spec section 9)', () => {
  it('waits for 600 ms without typing, then asks the service once with q and limit=5, and shows 5 results', async () => {
    const service = stubService();
    render(<Harness />);
    type('Ami');
    await wait(300);
    type('Amie');
    await wait(300);
    type('Amiens');
    await wait(599);
    expect(service).not.toHaveBeenCalled();
    await wait(1);
    expect(service).toHaveBeenCalledTimes(1);
    const url = new URL(String(service.mock.calls[0]![0]));
    expect(`${url.origin}${url.pathname}`).toBe(SEARCH_URL);
    expect(Object.fromEntries(url.searchParams)).toEqual({ q: 'Amiens', limit: '5' });
    // Both saved venues are in Amiens too: venues first, then the 5 addresses.
    expect(optionTexts()).toHaveLength(7);
    expect(screen.getAllByRole('option').filter((option) => option.textContent?.includes('80000 Amiens · 80, Somme'))).toHaveLength(5);
  });

  it('suggests saved venues from 2 characters, and calls the service only from 3', async () => {
    const service = stubService();
    render(<Harness />);
    type('Vi');
    await wait(600);
    expect(service).not.toHaveBeenCalled();
    expect(optionTexts()).toEqual(['Théâtre du Vieux Pont12 rue du Pont, 80000 Amiens']);
    type('V');
    await wait(600);
    expect(optionTexts()).toEqual([]);
  });

  it('answers a query asked again within 10 minutes from the cache, and asks again after', async () => {
    const service = stubService();
    render(<Harness />);
    type('rue du Pont');
    await wait(600);
    type('rue du Pont Amiens');
    await wait(600);
    type('rue du Pont');
    await wait(600);
    expect(queries(service)).toEqual(['rue du Pont', 'rue du Pont Amiens']);
    expect(optionTexts()).toContain('1 rue du Pont80000 Amiens · 80, Somme, Hauts-de-France');

    await wait(10 * 60 * 1000);
    type('rue du Pont ');
    await wait(600);
    expect(queries(service)).toEqual(['rue du Pont', 'rue du Pont Amiens', 'rue du Pont']);
  });

  it('falls back to the cache and the venues when the service answers 429', async () => {
    const service = stubService((query) => (query === 'rue de la' ? 200 : 429));
    render(<Harness />);
    type('rue de la');
    await wait(600);
    type('rue de la République');
    await wait(600);
    expect(queries(service)).toEqual(['rue de la', 'rue de la République']);
    // The venue, then what the cache knew for the beginning of the query.
    expect(optionTexts()[0]).toContain('Médiathèque Louis Aragon');
    expect(screen.getAllByRole('option').slice(1).map((option) => option.textContent)).toEqual(
      [1, 2, 3, 4, 5].map((index) => `${index} rue de la80000 Amiens · 80, Somme, Hauts-de-France`),
    );
    expect(screen.getByText('Adresses (résultats en cache)')).toBeInTheDocument();
  });

  it('falls back to the venues only on a network error with nothing cached', async () => {
    stubService(() => 'network');
    render(<Harness />);
    type('Vieux Pont');
    await wait(600);
    expect(optionTexts()).toEqual(['Théâtre du Vieux Pont12 rue du Pont, 80000 Amiens']);
  });

  it('fills the field with a chosen suggestion', async () => {
    stubService();
    render(<Harness />);
    type('Médiathèque');
    await wait(600);
    fireEvent.mouseDown(screen.getAllByRole('option')[0]!);
    expect(screen.getByRole('combobox', { name: /Adresse/ })).toHaveValue('50 rue de la République, 80000 Amiens');
    expect(screen.getByRole('link', { name: /Voir sur la carte/ })).toHaveAttribute(
      'href',
      'https://www.google.com/maps/search/?api=1&query=50%20rue%20de%20la%20R%C3%A9publique%2C%2080000%20Amiens',
    );
  });
});

describe('AddressSearch pacing and cache size', () => {
  it('leaves at least 500 ms between two calls to the service', async () => {
    const service = stubService();
    const searcher = new AddressSearch(SEARCH_URL, queryClient);
    void searcher.search('place Gambetta');
    void searcher.search('place René Goblet');
    await vi.advanceTimersByTimeAsync(0);
    expect(service).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(499);
    expect(service).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(service).toHaveBeenCalledTimes(2);
  });

  it('keeps at most 100 queries, forgetting the oldest first', async () => {
    stubService();
    const searcher = new AddressSearch(SEARCH_URL, queryClient);
    for (let index = 0; index <= 100; index++) {
      const pending = searcher.search(`adresse ${index}`);
      await vi.advanceTimersByTimeAsync(500);
      await pending;
    }
    expect(searcher.cached('adresse 0')).toBeNull();
    expect(searcher.cached('adresse 1')).not.toBeNull();
    expect(searcher.cached('adresse 100')).not.toBeNull();
  });

  it('leaves the cache of the other queries alone', async () => {
    queryClient.setQueryData(['site'], { name: 'La Bande à Lire' });
    limitAddressQueries(queryClient, 2);
    stubService();
    const searcher = new AddressSearch(SEARCH_URL, queryClient);
    for (const query of ['rue Gresset', 'rue Delambre', 'rue des Trois Cailloux']) {
      const pending = searcher.search(query);
      await vi.advanceTimersByTimeAsync(500);
      await pending;
    }
    expect(searcher.cached('rue Gresset')).toBeNull();
    expect(searcher.cached('rue Delambre')).not.toBeNull();
    expect(queryClient.getQueryData(['site'])).toEqual({ name: 'La Bande à Lire' });
  });
});
