import { describe, expect, it, vi } from 'vitest';
import { DISPLAY_FONT_FAMILY, LATIN_EXTENDED_FACES, LATIN_FACES, loadWebFonts, needsLatinExtended, type FontEnvironment } from './web-fonts.ts';

interface FakeFace {
  source: string;
  descriptors: FontFaceDescriptors;
  finish(): Promise<void>;
  fail(): Promise<void>;
}

/** A browser stand-in: faces whose download the test finishes (or fails) when it chooses. */
function fakeBrowser(text = '') {
  const root = document.createElement('div');
  root.textContent = text;
  const created: FakeFace[] = [];
  const added: string[] = [];
  const environment: FontEnvironment = {
    root,
    fonts: { add: (face) => (added.push((face as unknown as FakeFace).source), document.fonts) },
    createFace: vi.fn((family: string, source: string, descriptors: FontFaceDescriptors) => {
      expect(family).toBe(DISPLAY_FONT_FAMILY);
      let resolve!: () => void;
      let reject!: () => void;
      const fake: FakeFace = {
        source,
        descriptors,
        finish: async () => (resolve(), await Promise.resolve()),
        fail: async () => (reject(), await Promise.resolve()),
      };
      const loaded = new Promise<FontFace>((res, rej) => {
        resolve = () => res(fake as unknown as FontFace);
        reject = () => rej(new Error('réseau'));
      });
      created.push(fake);
      return { load: () => loaded };
    }),
  };
  return { environment, root, created, added };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const urlOf = (face: { source: string }) => `url(${face.source}) format('woff2')`;

describe('loadWebFonts', () => {
  it('adds each Latin face to the page only once its file has arrived, as font-display: swap', async () => {
    const browser = fakeBrowser('La Bande à Lire — « Bérénice », cœur, 12 €');
    loadWebFonts(browser.environment);

    expect(browser.created.map((face) => face.source)).toEqual(LATIN_FACES.map(urlOf));
    expect(browser.created.map((face) => face.descriptors)).toEqual([
      expect.objectContaining({ style: 'normal', weight: '100 900', display: 'swap' }),
      expect.objectContaining({ style: 'italic', weight: '100 900', display: 'swap' }),
    ]);
    // Declared but not yet arrived: the page knows nothing of it, so it keeps its fallback undisturbed.
    expect(browser.added).toEqual([]);

    await browser.created[1]!.finish();
    expect(browser.added).toEqual([urlOf(LATIN_FACES[1]!)]);
    await browser.created[0]!.finish();
    expect(browser.added).toEqual([urlOf(LATIN_FACES[1]!), urlOf(LATIN_FACES[0]!)]);
  });

  it('leaves out a face whose download fails: its text stays in the fallback', async () => {
    const browser = fakeBrowser();
    loadWebFonts(browser.environment);
    await browser.created[0]!.fail();
    await browser.created[1]!.finish();
    await flush();
    expect(browser.added).toEqual([urlOf(LATIN_FACES[1]!)]);
  });

  it('fetches the Latin Extended faces at once when the page shows a letter only they draw', () => {
    const browser = fakeBrowser('Dvořák, Symphonie du Nouveau Monde');
    loadWebFonts(browser.environment);
    expect(browser.created.map((face) => face.source)).toEqual([...LATIN_FACES, ...LATIN_EXTENDED_FACES].map(urlOf));
  });

  it('fetches them later when such a letter appears (a page opened afterwards), and only once', async () => {
    const browser = fakeBrowser('Accueil');
    loadWebFonts(browser.environment);
    expect(browser.created).toHaveLength(2);

    const paragraph = document.createElement('p');
    paragraph.textContent = 'Lecture : Les Sorcières de Salem';
    browser.root.append(paragraph);
    await flush();
    expect(browser.created).toHaveLength(2);

    const heading = document.createElement('h1');
    heading.textContent = 'Łódź, 1936';
    browser.root.append(heading);
    await flush();
    expect(browser.created.map((face) => face.source).slice(2)).toEqual(LATIN_EXTENDED_FACES.map(urlOf));

    browser.root.append('Dvořák');
    await flush();
    expect(browser.created).toHaveLength(4);
  });
});

describe('needsLatinExtended', () => {
  it.each([
    ['Œdipe roi, « ça », l’été, 12 €, 1er, naïve, Noël — …', false],
    ['Dvořák', true],
    ['Łódź', true],
    ['Şişli', true],
    ['İstanbul', true],
  ])('%s -> %s', (text, expected) => {
    expect(needsLatinExtended(text)).toBe(expected);
  });
});
