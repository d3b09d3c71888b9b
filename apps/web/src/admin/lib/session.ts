import { useSyncExternalStore } from 'react';
import type { AdminUser } from '@bande/shared';

/** localStorage keys of the backoffice (spec section 3), spelled exactly. */
export const STORAGE_KEYS = {
  token: 'admin_token',
  user: 'admin_user',
  activeTab: 'admin_active_tab',
  theme: 'admin_theme',
} as const;

export interface AdminSession {
  token: string | null;
  user: AdminUser | null;
}

const listeners = new Set<() => void>();
let cached: { rawToken: string | null; rawUser: string | null; session: AdminSession } | null = null;

function safeGet(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function parseUser(raw: string | null): AdminUser | null {
  if (!raw) return null;
  try {
    return JSON.parse(raw) as AdminUser;
  } catch {
    return null;
  }
}

/**
 * Reads localStorage on every call but returns the same object while nothing changed, which is what
 * useSyncExternalStore needs; a change made in another tab (storage event) is therefore picked up too.
 */
function getSnapshot(): AdminSession {
  const rawToken = safeGet(STORAGE_KEYS.token);
  const rawUser = safeGet(STORAGE_KEYS.user);
  if (!cached || cached.rawToken !== rawToken || cached.rawUser !== rawUser) {
    cached = { rawToken, rawUser, session: { token: rawToken, user: parseUser(rawUser) } };
  }
  return cached.session;
}

const serverSnapshot: AdminSession = { token: null, user: null };

function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

const emit = () => listeners.forEach((listener) => listener());

export function useSession(): AdminSession {
  return useSyncExternalStore(subscribe, getSnapshot, () => serverSnapshot);
}

/** The signed-in account as stored, for event handlers. */
export function currentUser(): AdminUser | null {
  return getSnapshot().user;
}

/** The current token, for event handlers and query functions. */
export function currentToken(): string | null {
  return getSnapshot().token;
}

/**
 * The server refused the stored token (expired, revoked, logged out elsewhere): the login page says so,
 * until the next login. Kept in memory: a reload with no token is an ordinary visit to the login page.
 */
let endedByServer = false;

export function sessionExpired(): boolean {
  return endedByServer;
}

/**
 * The server ended the session while a form held changes (admin-api.ts): the token is gone, but the
 * page stays, with its forms, under « Reconnectez-vous » (admin-app.tsx), and this account is the one
 * whose changes they are. Memory only: a reload is a plain visit to the login page (the changes then
 * wait in drafts.ts).
 */
let interrupted: AdminUser | null = null;

/** The account whose session the server ended over unsaved changes, until it signs in again or logs out. */
export function useInterruptedUser(): AdminUser | null {
  return useSyncExternalStore(subscribe, () => interrupted, () => null);
}

export function interruptedUser(): AdminUser | null {
  return interrupted;
}

/** The session ended on the server over unsaved changes: the token goes, the page and its forms stay. */
export function interruptSession(user: AdminUser) {
  interrupted = user;
  endedByServer = true;
  window.localStorage.removeItem(STORAGE_KEYS.token);
  window.localStorage.removeItem(STORAGE_KEYS.user);
  emit();
}

export function saveSession(token: string, user: AdminUser) {
  endedByServer = false;
  interrupted = null;
  window.localStorage.setItem(STORAGE_KEYS.token, token);
  window.localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  emit();
}

export function clearSession({ expired = false } = {}) {
  endedByServer = expired;
  interrupted = null;
  window.localStorage.removeItem(STORAGE_KEYS.token);
  window.localStorage.removeItem(STORAGE_KEYS.user);
  emit();
}

export function readStored(key: string): string | null {
  return safeGet(key);
}

export function writeStored(key: string, value: string) {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Private mode or full storage: the preference simply is not remembered.
  }
}
