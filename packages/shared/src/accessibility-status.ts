/*
 * The accessibility statement's statuses without zod: the site's footer, on every page, names the
 * status, and importing schemas/site-content.ts for it put zod (24 KB compressed) into the first visit
 * of every page (issue 27). schemas/site-content.ts re-exports all of this.
 */

export const ACCESSIBILITY_STATUSES = ['non', 'partielle', 'totale'] as const;
export type AccessibilityStatus = (typeof ACCESSIBILITY_STATUSES)[number];
export const ACCESSIBILITY_STATUS_LABELS: Record<AccessibilityStatus, string> = {
  non: 'non conforme',
  partielle: 'partiellement conforme',
  totale: 'totalement conforme',
};
