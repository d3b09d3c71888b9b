import { z } from 'zod';

/*
 * zod as every schema of this package uses it: imported from here, so that these settings are made
 * before any schema is built, whatever order a bundler gives the modules.
 */

// zod's own messages (wrong type, missing field...) in French, for the API and the forms alike.
z.config(z.locales.fr());

// In the browser, zod would probe `new Function` to compile its parsers, which the site's
// Content-Security-Policy refuses (no 'unsafe-eval'): a violation report on every page that validates.
// It parses without (the server keeps the faster compiled parsers). The probe runs once, when the
// first object schema is built: hence before.
if ('document' in globalThis) z.config({ jitless: true });

export { z };
