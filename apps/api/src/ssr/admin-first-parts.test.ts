import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { adminFirstParts, tabModule } from './admin-first-parts.ts';

const webApp = fileURLToPath(new URL('../../../web/', import.meta.url));
const exists = (key: string) => fs.existsSync(path.join(webApp, key));

describe('the backoffice chunks each address preloads', () => {
  it('names the login page, the forgot-password page, the dashboard with its tab, the door screen', () => {
    expect(adminFirstParts('/admin/login')).toEqual({ parts: ['src/admin/admin-app.tsx', 'src/admin/auth/login-page.tsx'], afterPaint: true });
    expect(adminFirstParts('/admin/').parts).toContain('src/admin/auth/login-page.tsx');
    expect(adminFirstParts('/admin/forgot-password')).toEqual({ parts: ['src/admin/admin-app.tsx', 'src/admin/auth/forgot-password-page.tsx'], afterPaint: true });
    // The dashboard and the door need their code and data at once: their scripts do not wait for the paint.
    expect(adminFirstParts('/admin/dashboard')).toEqual({ parts: ['src/admin/admin-app.tsx', 'src/admin/dashboard/dashboard-page.tsx', 'src/admin/shows/shows-tab.tsx'], afterPaint: false });
    expect(adminFirstParts('/admin/dashboard?tab=reservations').parts).toContain('src/admin/reservations/reservations-tab.tsx');
    expect(adminFirstParts('/admin/dashboard/reservations/12/entrees')).toEqual({ parts: ['src/admin/admin-app.tsx', 'src/admin/reservations/door/door-page.tsx'], afterPaint: false });
  });

  it('turns only a plain tab name into a module name', () => {
    expect(adminFirstParts('/admin/dashboard?tab=../../etc/passwd').parts).toContain('src/admin/shows/shows-tab.tsx');
  });

  it('names files of the web app: a move there fails here, not silently in the browser', () => {
    const urls = ['/admin/login', '/admin/forgot-password', '/admin/dashboard', '/admin/dashboard/reservations/1/entrees'];
    for (const key of urls.flatMap((url) => adminFirstParts(url).parts)) expect(exists(key), key).toBe(true);
    // Every tab of the dashboard follows the x/x-tab.tsx pattern that ?tab= relies on.
    const tabs = fs.readFileSync(path.join(webApp, 'src/admin/dashboard/tab-components.ts'), 'utf8');
    const entries = tabs.split('\n').filter((line) => line.includes("() => import('../"));
    expect(entries.length).toBeGreaterThan(10);
    for (const line of entries) {
      const name = line.slice(0, line.indexOf(':')).trim().replaceAll("'", '');
      const file = line.slice(line.indexOf("import('../") + "import('../".length, line.indexOf(".tsx'"));
      expect(`src/admin/${file}.tsx`).toBe(tabModule(name));
    }
  });
});
