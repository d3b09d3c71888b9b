import { expect, test } from '../support/fixtures.ts';

/**
 * What search engines, link previews and a visitor on a slow phone get before any JavaScript runs:
 * the page source of every public route holds its content and its head tags; then the browser renders
 * the very same markup, hydrated or rendered on its own.
 */
const pages: { path: string; heading: RegExp; title: RegExp }[] = [
  { path: '/', heading: /La Bande(<!-- -->)?\s*(<em>)?à Lire/, title: /^La Bande à Lire — lectures théâtrales$/ },
  { path: '/team', heading: /^La Bande$/, title: /^La Bande — La Bande à Lire$/ },
  { path: '/shows', heading: /^Spectacles$/, title: /^Spectacles — La Bande à Lire$/ },
  { path: '/show/boule-de-suif', heading: /^Boule de suif$/, title: /^Boule de suif — La Bande à Lire$/ },
  { path: '/contact', heading: /.+/, title: /— La Bande à Lire$/ },
  { path: '/bonus', heading: /^Échos en images$/, title: /— La Bande à Lire$/ },
  { path: '/origines', heading: /.+/, title: /— La Bande à Lire$/ },
  { path: '/partenaires', heading: /.+/, title: /— La Bande à Lire$/ },
  { path: '/plan-du-site', heading: /^Plan du site$/, title: /^Plan du site — La Bande à Lire$/ },
  { path: '/mentions-legales', heading: /^Mentions légales$/, title: /— La Bande à Lire$/ },
];

const between = (html: string, start: RegExp, end: string) => {
  const match = start.exec(html);
  return match ? html.slice(match.index + match[0].length, html.indexOf(end, match.index)) : undefined;
};

for (const { path, heading, title } of pages) {
  test(`the source of ${path} holds its heading, title, description, canonical and Open Graph tags`, async ({ request, baseURL }) => {
    const response = await request.get(path);
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain('<html lang="fr">');
    expect(between(html, /<title[^>]*>/, '</title>')).toMatch(title);
    expect(between(html, /<h1[^>]*>/, '</h1>')).toMatch(heading);
    expect(html).toMatch(/<meta[^>]+name="description" content="[^"]{50,}"/);
    expect(html).toContain(`rel="canonical" href="${baseURL}${path}"`);
    expect(html).toMatch(/property="og:title" content="[^"]+"/);
    expect(html).toMatch(/name="twitter:card" content="summary/);
  });
}

/** The markup the server put inside #root, as the browser's parser reads it. */
const rootOf = (html: string) => {
  const start = html.indexOf('<div id="root">') + '<div id="root">'.length;
  const end = html.indexOf('<script type="application/json" id="ssr-state">');
  expect(start).toBeGreaterThan('<div id="root">'.length);
  expect(end).toBeGreaterThan(start);
  return html.slice(start, end).replace(/<\/div>\s*$/, '');
};

/**
 * The markup inside #root as lines: elements with their attributes in a stable order (styles as the
 * browser reads them), the text between them with its spaces collapsed; comments (React's boundary
 * markers) and form values left out. React's generated ids (useId: `_R_9_` from the server and
 * hydration, `_r_0_` from a render in the browser alone) are written alike, as `_id_`.
 */
const describeMarkup = (serverMarkup: string) => {
  const describe = (root: ParentNode) => {
    const lines: string[] = [];
    // Adjacent text nodes (one per expression in the browser, merged by the parser) read as one.
    let text = '';
    const flushText = () => {
      const collapsed = text.replace(/\s+/g, ' ').trim();
      if (collapsed) lines.push(`# ${collapsed}`);
      text = '';
    };
    const walk = (node: Node) => {
      for (const child of Array.from(node.childNodes)) {
        if (child.nodeType === Node.TEXT_NODE) {
          text += child.textContent ?? '';
        } else if (child instanceof Element) {
          flushText();
          const attributes = Array.from(child.attributes)
            .filter((attribute) => !['value', 'checked', 'selected'].includes(attribute.name))
            .map((attribute) => (attribute.name === 'style' ? `style="${(child as HTMLElement).style.cssText}"` : `${attribute.name}="${attribute.value}"`))
            .map((attribute) => attribute.replace(/_[rR]_[0-9a-z]+_/g, '_id_'))
            .sort();
          lines.push(`<${child.localName}${attributes.map((attribute) => ` ${attribute}`).join('')}>`);
          walk(child);
          flushText();
          lines.push(`</${child.localName}>`);
        }
      }
    };
    walk(root);
    flushText();
    return lines;
  };
  const template = document.createElement('template');
  template.innerHTML = serverMarkup;
  const server = describe(template.content);
  const browser = describe(document.getElementById('root')!);
  const first = server.findIndex((line, index) => line !== browser[index]);
  if (first === -1 && server.length === browser.length) return null;
  const at = first === -1 ? Math.min(server.length, browser.length) : first;
  return { server: server.slice(Math.max(0, at - 3), at + 4), browser: browser.slice(Math.max(0, at - 3), at + 4) };
};

for (const { path } of pages) {
  test(`${path} reads the same once hydrated, and rendered in the browser alone, as the server sent it`, async ({ page, request }) => {
    const served = await (await request.get(path)).text();

    // Hydrated: React DOM keeps the server's nodes (a mismatch would be an error in the console, which
    // fails the test); nothing written after hydration may change the text either.
    await page.goto(path);
    await expect(page.locator('#root [role="status"]', { hasText: 'Chargement...' })).toHaveCount(0);
    expect(await page.evaluate(describeMarkup, rootOf(served)), 'first difference between the server and the hydrated page').toBeNull();

    // The same document without the server's markup nor its data: the browser renders the page on its
    // own, from the API, as after a client-side navigation. A line outside #root gives the loader its
    // first contentful paint, after which it starts the scripts.
    const clientOnly = served
      .replace(/<div id="root">[\s\S]*?<script type="application\/json" id="ssr-state">[\s\S]*?<\/script>/, '<p>Chargement</p><div id="root"></div>');
    expect(clientOnly).not.toContain('id="ssr-state"');
    await page.route((url) => url.pathname === path, (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: clientOnly }));
    await page.goto(path);
    await expect(page.locator('#root h1')).toBeVisible();
    await page.waitForLoadState('networkidle');
    // Every section's data has arrived (a busy machine may let the network rest before a query starts).
    await expect(page.locator('#root [role="status"]', { hasText: 'Chargement...' })).toHaveCount(0);
    expect(await page.evaluate(describeMarkup, rootOf(served)), 'first difference between the server and the browser alone').toBeNull();
  });
}

test('every script the page loads starts with V8’s compile hint, compiled off the main thread', async ({ request }) => {
  const html = await (await request.get('/')).text();
  const scripts = [...new Set(html.match(/\/assets\/[\w.-]+\.js/g) ?? [])];
  expect(scripts.length).toBeGreaterThan(3);
  for (const script of scripts) {
    expect((await (await request.get(script)).text()).startsWith('//# allFunctionsCalledOnLoad\n'), script).toBe(true);
  }
});

test('a show page carries its photo for link previews and a TheaterEvent per upcoming performance', async ({ request }) => {
  const html = await (await request.get('/show/boule-de-suif')).text();
  expect(html).toMatch(/property="og:image" content="http[^"]+\/uploads\/[^"]+"/);
  expect(html).toMatch(/name="twitter:card" content="summary_large_image"/);
  const events = [...html.matchAll(/<script[^>]*type="application\/ld\+json">(.*?)<\/script>/gs)]
    .map((match) => JSON.parse(match[1]!))
    .filter((item) => item['@type'] === 'TheaterEvent');
  expect(events.length).toBeGreaterThan(0);
  for (const event of events) {
    expect(event).toMatchObject({ '@context': 'https://schema.org', name: 'Boule de suif', location: { '@type': 'Place' } });
    expect(new Date(event.startDate).getTime()).toBeGreaterThan(Date.now());
  }
});

test('a page is readable with JavaScript turned off', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  await page.goto('/shows');
  await expect(page.getByRole('heading', { level: 1, name: 'Spectacles' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Boule de suif/ }).first()).toBeVisible();
  await context.close();
});

test('a first visit to the home, the programme or a show page loads no zod: it comes with the forms that need it', async ({ page }) => {
  // The footer and the show cards once imported zod's schemas for a label and a test (issue 27):
  // 24 KB more on every first visit. zod's chunk is named after it by the bundler.
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  for (const path of ['/', '/shows', '/show/boule-de-suif']) {
    await page.goto(path, { waitUntil: 'networkidle' });
  }
  expect(scripts.length).toBeGreaterThan(2);
  expect(scripts.filter((url) => /\/zod-[^/]*\.js$/.test(url))).toEqual([]);
});

test('the server-rendered page hydrates without refetching its data nor loading the backoffice', async ({ page }) => {
  const apiCalls: string[] = [];
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/')) apiCalls.push(request.url());
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.goto('/');
  // Interactive once hydrated: the newsletter button opens its dialog.
  await page.getByRole('button', { name: "S'inscrire à la newsletter" }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(apiCalls, 'the data came with the page').toEqual([]);
  expect(scripts.filter((url) => /admin|dashboard/.test(url))).toEqual([]);
});

test('a tap on a button before the page is hydrated is kept and answered once it is', async ({ page }) => {
  // The application's entry arrives late, as on a slow network.
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  await page.getByRole('button', { name: "S'inscrire à la newsletter" }).click();
  expect(await page.locator('html').getAttribute('data-hydrated')).toBeNull();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
});

test('an unknown show is sent to the not-found page, which answers 404', async ({ request }) => {
  const response = await request.get('/show/spectacle-inconnu', { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers().location).toBe('/not-found');
  const notFound = await request.get('/not-found');
  expect(notFound.status()).toBe(404);
  expect(await notFound.text()).toContain('content="noindex"');
});
