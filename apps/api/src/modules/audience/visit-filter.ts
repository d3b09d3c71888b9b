import { isbot } from 'isbot';
import type { IncomingHttpHeaders } from 'node:http';
import { parseCookie } from 'cookie';

/** The first-party cookie the backoffice sets at sign-in (auth routes): it only tells the server « do not count ». */
export const STAFF_COOKIE = 'staff';

const header = (headers: IncomingHttpHeaders, name: string): string => {
  const value = headers[name];
  return Array.isArray(value) ? (value[0] ?? '') : (value ?? '');
};

/**
 * isbot's answer per user agent, remembered: its list is one large pattern (about 6 µs a test here), and
 * a site's visitors send few distinct agents. Memory only, never with an address; forgotten when full.
 * (npm run bench -- --audience-only: the counting's cost on GET /.)
 */
const ROBOTS_MEMO_SIZE = 1_000;
const robots = new Map<string, boolean>();
function isRobot(userAgent: string): boolean {
  let robot = robots.get(userAgent);
  if (robot === undefined) {
    robot = isbot(userAgent);
    if (robots.size >= ROBOTS_MEMO_SIZE) robots.clear();
    robots.set(userAgent, robot);
  }
  return robot;
}

/**
 * Whether a request for a page is a visitor's own view, worth counting. Not counted: crawlers and link
 * previews (isbot's maintained list; no user agent at all is a script), prefetches and prerenders the
 * visitor may never see, a visitor who asks not to be followed (Global Privacy Control), and the staff
 * (their marker cookie).
 */
export function isCountable(headers: IncomingHttpHeaders): boolean {
  const userAgent = header(headers, 'user-agent');
  if (userAgent === '' || isRobot(userAgent)) return false;
  if (/prefetch|prerender/i.test(header(headers, 'sec-purpose')) || /prefetch/i.test(header(headers, 'purpose')) || /prefetch/i.test(header(headers, 'x-purpose')) || /prefetch/i.test(header(headers, 'x-moz'))) return false;
  if (header(headers, 'sec-gpc').trim() === '1') return false;
  const cookies = header(headers, 'cookie');
  return !(cookies.includes(STAFF_COOKIE) && parseCookie(cookies)[STAFF_COOKIE] === '1');
}

/**
 * Phone, tablet or computer, from the user agent (then forgotten). The conventions browsers follow:
 * « Mobi » in every phone browser's agent (MDN's advice), iPad or an Android without « Mobile » for tablets.
 */
export function deviceClass(userAgent: string): 'phone' | 'tablet' | 'computer' {
  if (/iPad|Tablet|Android(?!.*Mobi)|Silk|Kindle|PlayBook/i.test(userAgent)) return 'tablet';
  if (/Mobi|iPhone|iPod|Android|Windows Phone/i.test(userAgent)) return 'phone';
  return 'computer';
}

export { header as headerValue };
