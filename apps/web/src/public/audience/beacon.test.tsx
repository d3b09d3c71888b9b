import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useNavigate } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sendAudienceBeacon, useAudiencePageViews } from './beacon.ts';

let sent: Array<{ url: string; body: unknown }> = [];

beforeEach(() => {
  sent = [];
  Object.defineProperty(navigator, 'sendBeacon', {
    configurable: true,
    value: vi.fn((url: string, data: Blob) => {
      sent.push({ url, body: data });
      return true;
    }),
  });
});
afterEach(() => window.localStorage.clear());

/** jsdom's Blob has no text(): read through FileReader. */
const readBlob = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });
const bodies = async () => Promise.all(sent.map(async ({ url, body }) => ({ url, body: JSON.parse(await readBlob(body as Blob)) as unknown })));

let go: (to: string) => void = () => {};
function Page() {
  useAudiencePageViews();
  go = useNavigate();
  return null;
}

describe('audience beacon', () => {
  it('reports client-side navigations, not the first page the server counted', async () => {
    const router = createMemoryRouter([{ path: '*', element: <Page /> }], { initialEntries: ['/'] });
    render(<RouterProvider router={router} />);
    expect(sent).toHaveLength(0);
    await act(async () => go('/shows?utm_source=lettre'));
    expect(await bodies()).toEqual([{ url: '/api/audience/view', body: { kind: 'view', path: '/shows', search: '?utm_source=lettre' } }]);
    expect((sent[0]!.body as Blob).type).toBe('application/json');
  });

  it('sends nothing while a backoffice session is stored (the staff’s own visits)', () => {
    window.localStorage.setItem('admin_token', 'jeton');
    sendAudienceBeacon({ kind: 'booking-dialog', path: '/show/bovary', performanceId: 3 });
    expect(sent).toHaveLength(0);
    window.localStorage.removeItem('admin_token');
    sendAudienceBeacon({ kind: 'booking-dialog', path: '/show/bovary', performanceId: 3 });
    expect(sent).toHaveLength(1);
  });
});
