import { describe, expect, it } from 'vitest';
import { describeChromium, locateChromium, missingChromiumMessage } from './chromium.mjs';

/** A file system holding only `files`, and a Playwright cache path that may or may not be installed. */
const machine = ({ files = [], env = {}, platform = 'linux', playwright = '/home/me/.cache/ms-playwright/chromium-1/chrome' } = {}) => ({
  env,
  platform,
  exists: (file) => files.includes(file),
  playwrightPath: () => playwright,
});

describe('the Chromium the browser tests drive', () => {
  it('takes CHROMIUM_PATH first, even when the others exist', () => {
    const found = locateChromium(machine({ env: { CHROMIUM_PATH: '/opt/c/chrome' }, files: ['/opt/c/chrome', '/usr/bin/chromium', '/home/me/.cache/ms-playwright/chromium-1/chrome'] }));
    expect(found).toEqual({ path: '/opt/c/chrome', source: 'CHROMIUM_PATH' });
  });

  it('finds nothing when CHROMIUM_PATH names a missing file, rather than quietly running another browser', () => {
    expect(locateChromium(machine({ env: { CHROMIUM_PATH: '/nowhere' }, files: ['/usr/bin/chromium'] }))).toBeUndefined();
    expect(missingChromiumMessage({ CHROMIUM_PATH: '/nowhere' })).toContain('CHROMIUM_PATH=/nowhere');
  });

  it("then Playwright's own installed Chromium, before the system's", () => {
    const found = locateChromium(machine({ files: ['/usr/bin/chromium', '/home/me/.cache/ms-playwright/chromium-1/chrome'] }));
    expect(found).toEqual({ path: '/home/me/.cache/ms-playwright/chromium-1/chrome', source: 'playwright' });
  });

  it("then the system's, on Linux, macOS and Windows", () => {
    expect(locateChromium(machine({ files: ['/usr/bin/chromium'] }))).toEqual({ path: '/usr/bin/chromium', source: 'system' });
    const mac = '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome';
    expect(locateChromium(machine({ platform: 'darwin', files: [mac] }))).toEqual({ path: mac, source: 'system' });
    const windows = locateChromium(machine({ platform: 'win32', files: ['C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe'], env: {} }));
    expect(windows?.source).toBe('system');
  });

  it('says which one it uses, and names the three ways when there is none', () => {
    expect(describeChromium({ path: '/usr/bin/chromium', source: 'system' })).toBe('Navigateur des parcours : /usr/bin/chromium (le Chromium du système)');
    expect(locateChromium(machine({ playwright: undefined }))).toBeUndefined();
    const message = missingChromiumMessage({});
    for (const way of ['CHROMIUM_PATH=', 'npx playwright install chromium', 'apt-get install -y chromium']) expect(message).toContain(way);
  });
});
