import type { AnchorHTMLAttributes, MouseEvent, Ref } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * The site's internal links. React Router's own <Link> and <NavLink> carry its framework-mode
 * machinery (route-module prefetching, view transitions, RSC) into the bundle of every page, about
 * 2 KB compressed we never use, as long as one file imports them: every `to` here is an absolute
 * path, so a plain anchor whose plain left click becomes a client-side navigation is all we need.
 */
export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** An absolute path of the site ('/shows', '/show/la-chatte#dates'). */
  to: string;
  /** Replace the current history entry instead of adding one. */
  replace?: boolean;
  ref?: Ref<HTMLAnchorElement>;
}

/** A click the browser would handle itself: new tab or window, download, another target. */
function leavesToBrowser(event: MouseEvent<HTMLAnchorElement>, target: string | undefined, download: unknown): boolean {
  return (
    event.defaultPrevented ||
    event.button !== 0 ||
    event.metaKey ||
    event.altKey ||
    event.ctrlKey ||
    event.shiftKey ||
    (target !== undefined && target !== '_self') ||
    download !== undefined
  );
}

export function Link({ to, replace, onClick, target, ...anchor }: LinkProps) {
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  return (
    <a
      {...anchor}
      href={to}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (leavesToBrowser(event, target, anchor.download)) return;
        event.preventDefault();
        // Following a link to the page already shown adds no history entry (as React Router does).
        navigate(to, { replace: replace ?? `${pathname}${search}${hash}` === to });
      }}
    />
  );
}

export interface NavLinkProps extends LinkProps {
  /** Current only on this very path, not on the paths below it (for '/'). */
  end?: boolean;
}

/** Whether `to` is the current page (or, unless `end`, one of its ancestors): case-insensitive like React Router. */
export function isCurrentPath(pathname: string, to: string, end = false): boolean {
  const current = pathname.toLowerCase();
  const path = to.toLowerCase().replace(/(.)\/$/, '$1');
  if (current === path || current === `${path}/`) return true;
  return !end && path !== '/' && current.startsWith(`${path}/`);
}

/** A navigation link that says when it points at the current page (aria-current="page"). */
export function NavLink({ end = false, ...link }: NavLinkProps) {
  const { pathname } = useLocation();
  return <Link {...link} aria-current={isCurrentPath(pathname, link.to, end) ? 'page' : undefined} />;
}
