import type { BounceKind } from '../../db/schema.ts';

/** One recipient of a delivery-status notification (RFC 3464) that failed. */
export interface DsnFailure {
  email: string;
  kind: BounceKind;
  /** « 5.1.1 smtp; 550 5.1.1 user unknown »: the status and the remote server's words. */
  detail: string;
}

/**
 * Header-like fields (RFC 822 syntax, as the delivery-status body uses) in groups separated by blank
 * lines; a line starting with a space or a tab continues the previous field. Names are lower-cased.
 * Read by lines and indexOf, no regular expression over the remote server's text.
 */
export function fieldGroups(text: string): Map<string, string>[] {
  const groups: Map<string, string>[] = [];
  let current = new Map<string, string>();
  let last: string | undefined;
  for (const line of text.split('\n').map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l))) {
    if (line.trim() === '') {
      if (current.size) groups.push(current);
      current = new Map();
      last = undefined;
      continue;
    }
    if ((line.startsWith(' ') || line.startsWith('\t')) && last) {
      current.set(last, `${current.get(last) ?? ''} ${line.trim()}`);
      continue;
    }
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    last = line.slice(0, colon).trim().toLowerCase();
    current.set(last, line.slice(colon + 1).trim());
  }
  if (current.size) groups.push(current);
  return groups;
}

/** « rfc822; user@example.org » → user@example.org (the address type is dropped). */
const addressOf = (value: string | undefined) => {
  if (!value) return undefined;
  const semicolon = value.indexOf(';');
  const address = (semicolon >= 0 ? value.slice(semicolon + 1) : value).trim();
  return address.includes('@') ? address : undefined;
};

/**
 * The failed recipients of a message/delivery-status body: `Action: failed` with a 5.x.x status is a
 * hard bounce, with a 4.x.x status a soft one (the remote server gave up on a temporary refusal).
 * `delayed`, `delivered`, `relayed` and `expanded` say nothing bad about the address.
 */
export function dsnFailures(deliveryStatus: string): DsnFailure[] {
  // The first group is about the message (Reporting-MTA...), the others one recipient each.
  return fieldGroups(deliveryStatus)
    .slice(1)
    .flatMap((fields) => {
      const email = addressOf(fields.get('final-recipient')) ?? addressOf(fields.get('original-recipient'));
      const status = fields.get('status') ?? '';
      if (!email || fields.get('action')?.toLowerCase() !== 'failed') return [];
      const kind: BounceKind | undefined = status.startsWith('5.') ? 'hard' : status.startsWith('4.') ? 'soft' : undefined;
      if (!kind) return [];
      return [{ email, kind, detail: [status, fields.get('diagnostic-code')].filter(Boolean).join(' ') }];
    });
}
