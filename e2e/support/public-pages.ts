import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';

const assets = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/api/seed-assets');

/**
 * YouTube is a third party the test machine may not reach: its thumbnails and its player are answered
 * locally (a picture of the demo, a tiny page), so that the journeys neither depend on the network nor
 * log load failures. Our own server is never stubbed.
 */
export async function stubYoutube(page: Page) {
  const picture = fs.readFileSync(path.join(assets, 'video-lever-de-rideau.jpg'));
  await page.route(/^https:\/\/(i\.ytimg\.com|img\.youtube\.com)\//, (route) => route.fulfill({ status: 200, contentType: 'image/jpeg', body: picture }));
  await page.route(/^https:\/\/www\.youtube(-nocookie)?\.com\//, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>YouTube</title><p>Lecteur YouTube</p>' }),
  );
}

/** The page fits the screen: nothing sticks out sideways (phones from 360 px). */
export async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, 'défilement horizontal').toBeLessThanOrEqual(0);
}
