import { describe, expect, it } from 'vitest';
import { renderHeadTags } from './render-head-tags.ts';
import { absoluteUrl, pageDescription } from './page-head.ts';

const SITE = 'https://labande.fr';
const render = (head: Parameters<typeof renderHeadTags>[0], pathname = '/shows', preloads = []) =>
  renderHeadTags(head, { siteUrl: SITE, pathname, preloads });

describe('renderHeadTags', () => {
  it('escapes the title and attributes so that page text cannot open a tag or end an attribute', () => {
    const html = render({ title: `<script>alert("x")</script> & 'co'`, description: 'Un "pitch" <b>gras</b> & d\'autres' });
    expect(html).toContain(
      '<title data-page-head>&lt;script&gt;alert("x")&lt;/script&gt; &amp; \'co\' — La Bande à Lire</title>',
    );
    expect(html).toContain(
      '<meta data-page-head name="description" content="Un &quot;pitch&quot; &lt;b&gt;gras&lt;/b&gt; &amp; d&#39;autres">',
    );
    expect(html).toContain(
      '<meta data-page-head property="og:title" content="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;co&#39;">',
    );
    expect(html).not.toContain('<script>');
    expect(html).not.toMatch(/content="[^"]*"[^ >]/);
  });

  it('keeps the full title of the home page as given', () => {
    expect(render({ title: 'La Bande à Lire — lectures théâtrales', full: true, description: 'd' }, '/')).toContain(
      '<title data-page-head>La Bande à Lire — lectures théâtrales</title>',
    );
  });

  it('makes canonical, og:url and og:image absolute and drops the query string', () => {
    const html = render(
      { title: 'Spectacles', description: 'd', image: { url: '/uploads/a b.jpg', width: 1200, height: 800, alt: 'Affiche' } },
      '/shows?tri=date#haut',
    );
    expect(html).toContain('<link data-page-head rel="canonical" href="https://labande.fr/shows">');
    expect(html).toContain('<meta data-page-head property="og:url" content="https://labande.fr/shows">');
    expect(html).toContain('<meta data-page-head property="og:image" content="https://labande.fr/uploads/a b.jpg">');
    expect(html).toContain('<meta data-page-head property="og:image:width" content="1200">');
    expect(html).toContain('<meta data-page-head property="og:image:height" content="800">');
    expect(html).toContain('<meta data-page-head property="og:image:alt" content="Affiche">');
    expect(html).toContain('<meta data-page-head name="twitter:card" content="summary_large_image">');
    expect(html).toContain('<meta data-page-head name="twitter:image" content="https://labande.fr/uploads/a b.jpg">');
  });

  it('prefers the page path to the location, and keeps an image already absolute', () => {
    const html = renderHeadTags(
      { title: 'Plan du site', description: 'd', path: '/plan-du-site', image: { url: 'https://cdn.example/x.jpg', alt: 'X' } },
      { siteUrl: `${SITE}/`, pathname: '/sitemap', preloads: [] },
    );
    expect(html).toContain('rel="canonical" href="https://labande.fr/plan-du-site"');
    expect(html).toContain('property="og:image" content="https://cdn.example/x.jpg"');
    expect(html).not.toContain('og:image:width');
  });

  it('writes the sharing tags of the site, a summary card without image, and no robots tag by default', () => {
    const html = render({ title: 'La Bande', description: 'La troupe.', type: 'article' });
    for (const expected of [
      '<meta data-page-head property="og:site_name" content="La Bande à Lire">',
      '<meta data-page-head property="og:locale" content="fr_FR">',
      '<meta data-page-head property="og:type" content="article">',
      '<meta data-page-head property="og:description" content="La troupe.">',
      '<meta data-page-head name="twitter:card" content="summary">',
      '<meta data-page-head name="twitter:title" content="La Bande">',
      '<meta data-page-head name="twitter:description" content="La troupe.">',
    ]) {
      expect(html).toContain(expected);
    }
    expect(html).not.toContain('og:image');
    expect(html).not.toContain('robots');
  });

  it('asks robots not to index when told', () => {
    expect(render({ title: 'Page introuvable', description: 'd', noindex: true })).toContain(
      '<meta data-page-head name="robots" content="noindex">',
    );
  });

  it('escapes JSON-LD so that a text holding </script> cannot end the script', () => {
    const html = render({ title: 'T', description: 'd', jsonLd: [{ '@type': 'TheaterEvent', name: 'Fin</script><script>alert(1)</script>' }, { a: 1 }] });
    const scripts = html.match(/<script data-page-head type="application\/ld\+json">[\s\S]*?<\/script>/g) ?? [];
    expect(scripts).toHaveLength(2);
    expect(html.match(/<\/script>/g)).toHaveLength(2);
    expect(scripts[0]).toContain('Fin\\u003c/script>\\u003cscript>alert(1)\\u003c/script>');
    const json = scripts[0]!.replace(/^<script[^>]*>/, '').replace(/<\/script>$/, '');
    expect(JSON.parse(json)).toEqual({ '@type': 'TheaterEvent', name: 'Fin</script><script>alert(1)</script>' });
  });

  it('writes image preloads, once each as given, without the client marker', () => {
    const html = renderHeadTags(
      { title: 'T', description: 'd' },
      {
        siteUrl: SITE,
        pathname: '/',
        preloads: [{ href: '/uploads/a.jpg', imageSrcSet: '/uploads/a.w480.webp 480w, /uploads/a.w960.webp 960w', imageSizes: '(min-width: 60rem) 50vw, 100vw', type: 'image/webp' }],
      },
    );
    expect(html).toContain(
      '<link rel="preload" as="image" href="/uploads/a.jpg" imagesrcset="/uploads/a.w480.webp 480w, /uploads/a.w960.webp 960w" imagesizes="(min-width: 60rem) 50vw, 100vw" fetchpriority="high" type="image/webp">',
    );
  });

  it('renders the site title and description when the page declared no head', () => {
    const html = render(undefined, '/admin');
    expect(html).toContain('<title data-page-head>La Bande à Lire — lectures théâtrales</title>');
    expect(html).toContain('name="description" content="La Bande à Lire, association de lectures théâtrales');
    expect(html).toContain('href="https://labande.fr/admin"');
  });
});

describe('pageDescription', () => {
  it('puts the text on one line and cuts it at a word near 155 characters (at most 160 with the ellipsis)', () => {
    const text = `Une lecture\n\nà plusieurs voix. ${'mot '.repeat(60)}`;
    const description = pageDescription(text);
    expect(description.startsWith('Une lecture à plusieurs voix. mot')).toBe(true);
    expect(description.length).toBeLessThanOrEqual(160);
    expect(description.length).toBeGreaterThan(140);
    expect(description.endsWith('mot...')).toBe(true);
  });
});

describe('absoluteUrl', () => {
  it.each([
    ['/uploads/a.jpg', 'https://labande.fr/uploads/a.jpg'],
    ['uploads/a.jpg', 'https://labande.fr/uploads/a.jpg'],
    ['https://img.example/a.jpg', 'https://img.example/a.jpg'],
    ['//img.example/a.jpg', 'https://img.example/a.jpg'],
  ])('%s -> %s', (url, expected) => {
    expect(absoluteUrl(url, SITE)).toBe(expected);
  });
});
