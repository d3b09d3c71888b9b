import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
const url = process.argv[2]; const runs = Number(process.argv[3] ?? 3);
for (let i = 0; i < runs; i++) {
  const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--no-sandbox','--disable-gpu','--disable-quic','--no-first-run','--disable-background-networking','--disable-component-update','--disable-sync','--headless=new'] });
  const { lhr } = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  await chrome.kill();
  const a = lhr.audits;
  const lt = (a['long-tasks']?.details?.items ?? []).map(t => `${t.url.split('/').pop()}:${Math.round(t.startTime)}+${Math.round(t.duration)}`).join(' ');
  const scripts = a['resource-summary'].details.items.find(x => x.resourceType === 'script');
  console.log(`perf ${Math.round(lhr.categories.performance.score*100)} FCP ${Math.round(a['first-contentful-paint'].numericValue)} LCP ${Math.round(a['largest-contentful-paint'].numericValue)} TBT ${Math.round(a['total-blocking-time'].numericValue)} SI ${Math.round(a['speed-index'].numericValue)} script ${(scripts.transferSize/1024).toFixed(1)}KB/${scripts.requestCount} | long: ${lt}`);
}
