import type { Page } from '@playwright/test';
import { expect, NOT_FOUND_DOCUMENT, test } from '../support/fixtures.ts';

// The not-found page answers 404, which the browser reports in the console for the document itself.
test.use({ allowedConsoleErrors: [NOT_FOUND_DOCUMENT] });

/** A small phone, the common phone, a tablet upright, the common laptop. */
const WIDTHS = [360, 390, 768, 1366];

/** Every public page (app/page-routes.ts); the show page is added from the API (the longest title). */
const PATHS = [
  '/',
  '/team',
  '/shows',
  '/contact',
  '/bonus',
  '/origines',
  '/partenaires',
  '/sitemap',
  '/mentions-legales',
  '/not-found',
  '/preview-card?title=La%20carte%20de%20la%20Bande&description=Tarif%20r%C3%A9duit&buttonText=Demander%20ma%20carte&enabled=true',
];

/** Off-screen sections are painted only near the viewport (content-visibility): lay them all out, as a reader scrolling would. */
const ALL_SECTIONS_LAID_OUT = '* { content-visibility: visible !important; }';

/** How far the page is wider than the window, and the elements that stick out on the right (not those a parent clips). */
function horizontalOverflow(page: Page) {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const clipped = (element: Element) => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX !== 'visible') return true;
      }
      return false;
    };
    const beyond = Array.from(document.querySelectorAll('body *'))
      .filter((element) => element.getBoundingClientRect().right > width + 0.5 && !clipped(element))
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}.${String(element.getAttribute('class') ?? '')}`);
    return { excess: document.documentElement.scrollWidth - width, beyond };
  });
}

test.describe('public pages from a 360 px phone to a laptop', () => {
  // Each width visits every page (a dozen loads): the workers share the widths.
  test.describe.configure({ mode: 'parallel' });

  for (const width of WIDTHS) {
    test(`no page scrolls sideways at ${width} px`, async ({ page, request }) => {
      test.setTimeout(90_000);
      const shows = (await (await request.get('/api/shows?published=true')).json()) as { data: { slug: string; name: string }[] };
      const longest = shows.data.reduce((a, b) => (b.name.length > a.name.length ? b : a));
      await page.setViewportSize({ width, height: 800 });
      for (const path of [...PATHS, `/show/${longest.slug}`]) {
        await page.goto(path);
        await page.addStyleTag({ content: ALL_SECTIONS_LAID_OUT });
        const { excess, beyond } = await horizontalOverflow(page);
        expect.soft(excess, `${path} à ${width} px dépasse de ${excess} px : ${beyond.join(', ')}`).toBeLessThanOrEqual(0);
      }
    });
  }

  // Issue 35: a volunteer may type one very long word (a URL, a word without spaces) in any text of
  // « Textes du site ». The page's own texts (and the footer's) are replaced in the page, where they are
  // shown, by a 200-letter word: nothing is changed on the server, so the journeys running beside this
  // one keep their texts. Each page must still fit a 360 px phone, and no such word may be cut.
  test('one 200-letter word in any text of « Textes du site » scrolls no page sideways at 360 px', async ({ page, request }) => {
    test.setTimeout(90_000);
    const content = (await (await request.get('/api/site-content')).json()).data as { footerText: string; pageTexts: Record<string, string> };
    const texts = [...Object.values(content.pageTexts), content.footerText];
    await page.setViewportSize({ width: 360, height: 800 });
    for (const path of PATHS.filter((p) => !p.startsWith('/preview-card')).concat('/lettres', '/plan-du-site')) {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
      await page.addStyleTag({ content: ALL_SECTIONS_LAID_OUT });
      const replaced = await page.evaluate((staffTexts) => {
        const norm = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();
        const wanted = new Set(staffTexts.map(norm).filter(Boolean));
        // Table cells and terms are the code's own labels (a legal table's « Contact » is not the contact
        // page's surtitle of the same word): left alone.
        const shown = Array.from(document.querySelectorAll('body *')).filter(
          (element) =>
            wanted.has(norm(element.textContent)) && !element.matches('th, td, dt') && !Array.from(element.children).some((child) => norm(child.textContent) === norm(element.textContent)),
        );
        for (const element of shown) element.textContent = 'x'.repeat(200);
        // A word cut by its box (overflow hidden) is as bad as a page that scrolls.
        const cut = shown.filter((element) => element.scrollWidth > element.clientWidth + 1 && getComputedStyle(element).overflowX !== 'visible').map((element) => element.tagName);
        return { count: shown.length, cut };
      }, texts);
      expect(replaced.count, `${path} : au moins un texte du site`).toBeGreaterThan(0);
      expect.soft(replaced.cut, `${path} : mot coupé`).toEqual([]);
      const { excess, beyond } = await horizontalOverflow(page);
      expect.soft(excess, `${path} à 360 px dépasse de ${excess} px : ${beyond.join(', ')}`).toBeLessThanOrEqual(0);
    }
  });

  // The drapes of the home stage come in further than the page gutter on phones and small tablets.
  test('on the home stage, the text stands between the drapes (360 to 700 px)', async ({ page }) => {
    await page.goto('/');
    const hero = page.getByRole('main').locator('header').filter({ has: page.getByRole('heading', { level: 1 }) });
    const texts = [
      hero.getByRole('heading', { level: 1 }),
      hero.getByText(/^Nous faisons entendre les livres/),
      hero.getByRole('link', { name: 'Voir les spectacles' }),
      hero.getByRole('link', { name: 'Découvrir la Bande' }),
    ];
    for (const width of [360, 390, 414, 700]) {
      await page.setViewportSize({ width, height: 800 });
      // The drapes: the decorative strips along the left and right edges of the stage.
      const drapes = (
        await hero.locator(':scope > [aria-hidden="true"]').evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().toJSON() as DOMRect))
      ).filter((box) => box.width > 0 && box.width < width / 3 && (box.left <= 0.5 || box.right >= width - 0.5));
      expect(drapes, `les deux rideaux à ${width} px`).toHaveLength(2);
      for (const text of texts) {
        const box = await text.boundingBox();
        expect(box).not.toBeNull();
        const { x, width: w } = box!;
        for (const drape of drapes) {
          const apart = x + w <= drape.left || x >= drape.right;
          expect.soft(apart, `« ${(await text.textContent())?.slice(0, 30)}… » sous un rideau à ${width} px (${Math.round(x)}–${Math.round(x + w)} contre ${Math.round(drape.left)}–${Math.round(drape.right)})`).toBe(true);
        }
      }
    }
  });

  test('the dialogs fit a 360 px phone', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/');
    const fits = async (name: string) => {
      const dialog = page.getByRole('dialog', { name });
      await expect(dialog).toBeVisible();
      const box = (await dialog.boundingBox())!;
      expect.soft(box.x, `${name} : bord gauche`).toBeGreaterThanOrEqual(0);
      expect.soft(box.x + box.width, `${name} : bord droit`).toBeLessThanOrEqual(360);
      expect.soft((await horizontalOverflow(page)).excess, `${name} : défilement horizontal`).toBeLessThanOrEqual(0);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    };
    await page.getByRole('button', { name: 'Demander ma carte' }).click();
    await fits('Demander la carte de la Bande');
    await page.getByRole('button', { name: /^Voir les représentations/ }).first().click();
    await fits('Voir les représentations');
    await page.getByRole('contentinfo').getByRole('button', { name: "S'inscrire à la newsletter" }).click();
    await fits('La lettre de la Bande');
  });
});
