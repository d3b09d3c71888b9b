import { adminFixtures, baseTest, expect, openTab, type AdminFixtures, type AdminWorkerFixtures } from './support/admin.ts';

const test = baseTest.extend<AdminFixtures, AdminWorkerFixtures>(adminFixtures);
test.use({ viewport: { width: 1366, height: 900 } });

test('the Origines table: each heading stands over its column, whatever the width of a row’s actions', async ({ adminPage: page }) => {
  await openTab(page, 'Contenu', 'Origines');
  const lefts = await page.evaluate(() => {
    const head = document.querySelector('[data-testid="origin-category"]')!.closest('ol')!.previousElementSibling!;
    const rows = Array.from(document.querySelectorAll('[data-testid="origin-category"] > div'));
    const leftsOf = (element: Element) => Array.from(element.children).map((cell) => Math.round(cell.getBoundingClientRect().left));
    return { head: leftsOf(head), rows: rows.map(leftsOf) };
  });
  expect(lefts.head).toHaveLength(6);
  expect(lefts.rows.length).toBeGreaterThan(0);
  for (const row of lefts.rows) expect(row).toEqual(lefts.head);
});
