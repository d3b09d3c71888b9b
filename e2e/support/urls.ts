/**
 * The two servers started by playwright.config.ts (scripts/e2e-server.mjs): the site, and the same build
 * with MAINTENANCE_MODE=true. E2E_PORT moves both (port and port + 1), for two runs side by side.
 */
export const PORT = Number(process.env.E2E_PORT ?? 4310);
export const BASE_URL = `http://127.0.0.1:${PORT}`;
export const MAINTENANCE_URL = `http://127.0.0.1:${PORT + 1}`;
