import latinNormal from '@fontsource-variable/fraunces/files/fraunces-latin-opsz-normal.woff2?url';
import latinItalic from '@fontsource-variable/fraunces/files/fraunces-latin-opsz-italic.woff2?url';
import latinExtendedNormal from '@fontsource-variable/fraunces/files/fraunces-latin-ext-opsz-normal.woff2?url';
import latinExtendedItalic from '@fontsource-variable/fraunces/files/fraunces-latin-ext-opsz-italic.woff2?url';

/*
 * The site's display font, self-hosted from @fontsource-variable: Fraunces (with its optical-size axis,
 * upright and italic), for the wordmark and headings (tokens.css --font-display). Running text uses the
 * device's own interface font (--font-text): it is there from the first paint.
 *
 * Declared with the CSS Font Loading API rather than @font-face rules, and each face handed to the page
 * only once its file has arrived. While a declared face is still loading (or not yet needed), Chrome
 * lays the page out with a temporary stand-in font for each size and weight of the display text: on
 * the home page, the layout after a stylesheet of @font-face rules took a median 24 ms, against 8 ms
 * after a face added already loaded (docs/performance.md). The behaviour is font-display: swap's (and
 * the faces say so): the text shows at once in its size-matched fallback (fonts-fallback.css), then in
 * Fraunces.
 *
 * Only the Latin subsets: French needs the 'latin' files alone (accents, œ, « », ’, –, … and € are all
 * in them). 'latin-ext' serves a name such as Dvořák or Łódź, and is fetched only once the page shows
 * such a letter. The Vietnamese, Greek and Cyrillic files of the package are left out.
 */

export const DISPLAY_FONT_FAMILY = 'Fraunces Variable';

/** The unicode-range of @fontsource-variable/fraunces's 'latin' files. */
const LATIN_RANGE =
  'U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+0304, U+0308, U+0329, U+2000-206F, U+20AC, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD';
/** The unicode-range of its 'latin-ext' files. */
const LATIN_EXTENDED_RANGE =
  'U+0100-02BA, U+02BD-02C5, U+02C7-02CC, U+02CE-02D7, U+02DD-02FF, U+0304, U+0308, U+0329, U+1D00-1DBF, U+1E00-1E9F, U+1EF2-1EFF, U+2020, U+20A0-20AB, U+20AD-20C0, U+2113, U+2C60-2C7F, U+A720-A7FF';
/** The letters only the 'latin-ext' files draw (LATIN_EXTENDED_RANGE less what 'latin' covers too). */
const LATIN_EXTENDED_ONLY = /[\u0100-\u0130\u0132-\u0151\u0154-\u02BA\u02BD-\u02C5\u02C7-\u02CC\u02CE-\u02D7\u02DD-\u02FF\u1D00-\u1DBF\u1E00-\u1E9F\u1EF2-\u1EFF\u20A0-\u20AB\u20AD-\u20C0\u2113\u2C60-\u2C7F\uA720-\uA7FF]/;

export interface WebFontFace {
  source: string;
  style: 'normal' | 'italic';
  unicodeRange: string;
}

export const LATIN_FACES: readonly WebFontFace[] = [
  { source: latinNormal, style: 'normal', unicodeRange: LATIN_RANGE },
  { source: latinItalic, style: 'italic', unicodeRange: LATIN_RANGE },
];

export const LATIN_EXTENDED_FACES: readonly WebFontFace[] = [
  { source: latinExtendedNormal, style: 'normal', unicodeRange: LATIN_EXTENDED_RANGE },
  { source: latinExtendedItalic, style: 'italic', unicodeRange: LATIN_EXTENDED_RANGE },
];

/** Whether a text holds a letter that only the 'latin-ext' files draw. */
export function needsLatinExtended(text: string): boolean {
  return LATIN_EXTENDED_ONLY.test(text);
}

/** What loadWebFonts needs from the browser (given by the tests). */
export interface FontEnvironment {
  fonts: Pick<FontFaceSet, 'add'>;
  createFace(family: string, source: string, descriptors: FontFaceDescriptors): Pick<FontFace, 'load'>;
  /** The page, watched for a letter that needs the 'latin-ext' files. */
  root: Node;
}

function browserEnvironment(): FontEnvironment {
  return {
    fonts: document.fonts,
    createFace: (family, source, descriptors) => new FontFace(family, source, descriptors),
    root: document.body,
  };
}

let requested = false;

/**
 * loadWebFonts for this page, once: called for a public page, never for the backoffice, which writes in
 * the device's interface font (admin.module.css --a-font) and would only have its first tab slowed by
 * 150 KB of Fraunces on a phone's connection. Nothing where the browser has no FontFace (the component
 * tests' jsdom).
 */
export function loadWebFontsOnce(): void {
  if (requested || typeof FontFace === 'undefined') return;
  requested = true;
  loadWebFonts();
}

/**
 * Downloads the display font and adds each face to the page once it has arrived. The 'latin-ext' faces
 * follow as soon as the page shows a letter only they draw (now, or after a later navigation). A face
 * that fails to load is left out: its text stays in the fallback.
 */
export function loadWebFonts(environment: FontEnvironment = browserEnvironment()): void {
  const { fonts, createFace, root } = environment;
  const addWhenLoaded = (faces: readonly WebFontFace[]) => {
    for (const { source, style, unicodeRange } of faces) {
      const face = createFace(DISPLAY_FONT_FAMILY, `url(${source}) format('woff2')`, { style, weight: '100 900', unicodeRange, display: 'swap' });
      face.load().then(
        (loaded) => fonts.add(loaded),
        () => undefined,
      );
    }
  };

  addWhenLoaded(LATIN_FACES);
  if (needsLatinExtended(root.textContent ?? '')) {
    addWhenLoaded(LATIN_EXTENDED_FACES);
    return;
  }
  const observer = new MutationObserver((mutations) => {
    const shown = mutations.some((mutation) =>
      mutation.type === 'characterData'
        ? needsLatinExtended(mutation.target.textContent ?? '')
        : [...mutation.addedNodes].some((node) => needsLatinExtended(node.textContent ?? '')),
    );
    if (!shown) return;
    observer.disconnect();
    addWhenLoaded(LATIN_EXTENDED_FACES);
  });
  observer.observe(root, { childList: true, subtree: true, characterData: true });
}
