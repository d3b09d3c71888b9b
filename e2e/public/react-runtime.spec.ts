import { expect, test } from '../support/fixtures.ts';

/**
 * React DOM runs every page: it registers with the developer tools' hook (which no substitute does
 * under React DOM's name and version), owns the rendered nodes, and hydrates the server's markup without
 * a mismatch (a mismatch is an error in the console, which fails any journey, and a report to the server).
 */
const PAGES = ['/', '/team', '/shows', '/show/boule-de-suif', '/contact', '/bonus', '/origines', '/partenaires', '/plan-du-site', '/mentions-legales', '/admin/login'];

declare global {
  interface Window {
    __renderers?: { name: string; version: string }[];
  }
}

test.beforeEach(async ({ page }) => {
  // A stand-in for React DevTools' global hook: React DOM announces itself to it when it loads.
  await page.addInitScript(() => {
    window.__renderers = [];
    Object.defineProperty(window, '__REACT_DEVTOOLS_GLOBAL_HOOK__', {
      value: {
        supportsFiber: true,
        renderers: new Map(),
        inject(renderer: { rendererPackageName?: string; version?: string }) {
          window.__renderers!.push({ name: String(renderer.rendererPackageName), version: String(renderer.version) });
          return window.__renderers!.length;
        },
        checkDCE() {},
        onCommitFiberRoot() {},
        onCommitFiberUnmount() {},
        onPostCommitFiberRoot() {},
        setStrictMode() {},
      },
    });
  });
});

for (const path of PAGES) {
  test(`React DOM 19 renders ${path} and owns its nodes`, async ({ page }) => {
    const reports: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/client-errors')) reports.push(request.postData() ?? '');
    });
    await page.goto(path);
    // The admin renders in the browser only, from a lazy chunk: its page may come a moment after the
    // root says it is hydrated (a busy machine). Public pages have their heading from the server.
    await expect(page.locator('#root h1').first()).toBeVisible();
    const renderers = await page.evaluate(() => window.__renderers);
    expect(renderers).toEqual([{ name: 'react-dom', version: expect.stringMatching(/^19\.\d+\.\d+$/) }]);

    const owned = await page.evaluate(() => {
      const root = document.getElementById('root')!;
      const fiberOf = (node: Element) => Object.keys(node).some((key) => key.startsWith('__reactFiber$'));
      const elements = Array.from(root.querySelectorAll('h1, main, header, footer, a, button, input'));
      return {
        container: Object.keys(root).some((key) => key.startsWith('__reactContainer$')),
        elements: elements.length,
        withoutFiber: elements.filter((element) => !fiberOf(element)).map((element) => element.outerHTML.slice(0, 80)),
      };
    });
    expect(owned.container, 'the root is a React root').toBe(true);
    expect(owned.elements).toBeGreaterThan(3);
    expect(owned.withoutFiber, 'elements React DOM does not own (left as the server sent them)').toEqual([]);
    expect(reports, 'no error reported by React').toEqual([]);
  });
}

test.describe('a mismatch', () => {
  // React's production build names its errors by number: 418 is a hydration mismatch.
  test.use({ allowedConsoleErrors: [/Minified React error #418/] });

  test('between the server and the browser is reported to the server, with the page it happened on', async ({ page, request }) => {
    // The server's markup of the page, altered as a browser extension or a stale cache might.
    const served = await (await request.get('/plan-du-site')).text();
    const altered = served.replace('<h1', '<h1 data-altered="oui"').replace(/(<h1[^>]*>)([^<]+)/, '$1Un autre titre');
    expect(altered).not.toBe(served);
    await page.route((url) => url.pathname === '/plan-du-site', (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: altered }));
    const report = page.waitForRequest((candidate) => candidate.url().endsWith('/api/client-errors') && candidate.method() === 'POST');
    await page.goto('/plan-du-site', { waitUntil: 'domcontentloaded' });
    const body = (await report).postDataJSON() as { kind: string; url: string; message: string };
    expect(body).toMatchObject({ kind: 'recoverable', url: '/plan-du-site' });
    expect(body.message).toMatch(/#418/);
    // React rendered the page again in the browser: the visitor sees it as it should be.
    await expect(page.getByRole('heading', { level: 1, name: 'Plan du site' })).toBeVisible();
  });
});
