import fs from 'node:fs';
import { createRequire } from 'node:module';

/**
 * Where a system-wide Chromium (or Chrome) usually lives, per platform. Debian and Ubuntu first, as the
 * CI machines are Debian; macOS and Windows so that a newcomer there needs nothing more than the browser.
 */
const SYSTEM_CHROMIUMS = {
  linux: ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/snap/bin/chromium', '/usr/bin/google-chrome'],
  darwin: ['/Applications/Chromium.app/Contents/MacOS/Chromium', '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome'],
  win32: [
    `${process.env.PROGRAMFILES ?? 'C:\\Program Files'}\\Google\\Chrome\\Application\\chrome.exe`,
    `${process.env['PROGRAMFILES(X86)'] ?? 'C:\\Program Files (x86)'}\\Google\\Chrome\\Application\\chrome.exe`,
    `${process.env.LOCALAPPDATA ?? ''}\\Chromium\\Application\\chrome.exe`,
  ],
};

/** The Chromium `npx playwright install chromium` put in Playwright's cache (its path even when absent). */
function playwrightChromium() {
  try {
    const { chromium } = createRequire(import.meta.url)('playwright-core');
    return chromium.executablePath();
  } catch {
    return undefined;
  }
}

/**
 * The Chromium the browser tests drive, and where it was found: CHROMIUM_PATH when set, else the one
 * Playwright installed (`npx playwright install chromium`), else the system's. The arguments are there
 * for the tests (scripts/chromium.test.mjs): the real environment, file system and platform otherwise.
 */
export function locateChromium({
  env = process.env,
  exists = fs.existsSync,
  platform = process.platform,
  playwrightPath = playwrightChromium,
} = {}) {
  if (env.CHROMIUM_PATH) return exists(env.CHROMIUM_PATH) ? { path: env.CHROMIUM_PATH, source: 'CHROMIUM_PATH' } : undefined;
  const installed = playwrightPath();
  if (installed && exists(installed)) return { path: installed, source: 'playwright' };
  const system = (SYSTEM_CHROMIUMS[platform] ?? []).find((candidate) => exists(candidate));
  return system ? { path: system, source: 'system' } : undefined;
}

/** Its path only (the benchmark's use). */
export function findChromium() {
  return locateChromium()?.path;
}

const SOURCE_LABELS = {
  CHROMIUM_PATH: 'CHROMIUM_PATH',
  playwright: 'le Chromium installé par Playwright',
  system: 'le Chromium du système',
};

/** What the test output says of the browser it uses, in one line. */
export function describeChromium({ path, source }) {
  return `Navigateur des parcours : ${path} (${SOURCE_LABELS[source]})`;
}

/** Why no browser was found, and the three ways to give one (a wrong CHROMIUM_PATH is named). */
export function missingChromiumMessage(env = process.env) {
  return [
    env.CHROMIUM_PATH
      ? `Chromium est introuvable : CHROMIUM_PATH=${env.CHROMIUM_PATH} ne désigne aucun fichier.`
      : 'Chromium est introuvable : les parcours navigateur (Playwright) en ont besoin.',
    'Trois façons de lui en donner un :',
    '  1. indiquer son chemin :          CHROMIUM_PATH=/chemin/vers/chromium npm test',
    '  2. installer celui de Playwright : npx playwright install chromium   (macOS, Windows, Ubuntu)',
    '  3. installer celui du système :    sudo apt-get install -y chromium   (Debian/Ubuntu)',
  ].join('\n');
}

export function requireChromium() {
  const chromium = locateChromium();
  if (!chromium) {
    console.error(missingChromiumMessage());
    process.exit(1);
  }
  console.log(describeChromium(chromium));
  return chromium.path;
}
