import { z } from 'zod';
import { productValidationMessage } from './validation-messages.ts';

/*
 * zod as every schema of this package uses it: imported from here, so that these settings are made
 * before any schema is built, whatever order a bundler gives the modules.
 */

// What a schema does not word itself (wrong type, missing field, out of range...) in the product's own
// French, for the API and the forms alike: never zod's text, not even its French locale.
z.config({ localeError: productValidationMessage });

// In the browser, zod would probe `new Function` to compile its parsers, which the site's
// Content-Security-Policy refuses (no 'unsafe-eval'): a violation report on every page that validates.
// It parses without (the server keeps the faster compiled parsers). The probe runs once, when the
// first object schema is built: hence before.
if ('document' in globalThis) z.config({ jitless: true });

export { z };
