/**
 * The changes of forms that the server's end of a session interrupted, kept in localStorage for the
 * account that typed them: one key per account (`admin_drafts:<user id>`), one entry per form. A form
 * opened again on the same record by the same account gets them back (useAdminForm). Nobody else's:
 * a sign-in by another account and any logout remove them.
 */
const PREFIX = 'admin_drafts:';

type Drafts = Record<string, unknown>;

function read(userId: number): Drafts {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(`${PREFIX}${userId}`) ?? '{}');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Drafts) : {};
  } catch {
    return {};
  }
}

function write(userId: number, drafts: Drafts) {
  try {
    if (Object.keys(drafts).length === 0) window.localStorage.removeItem(`${PREFIX}${userId}`);
    else window.localStorage.setItem(`${PREFIX}${userId}`, JSON.stringify(drafts));
  } catch {
    // Private mode or full storage: the changes stay on screen only.
  }
}

/** Keeps the changes of these forms (identity → values) for the account, beside any it already had. */
export function keepDrafts(userId: number, drafts: Drafts) {
  if (Object.keys(drafts).length > 0) write(userId, { ...read(userId), ...drafts });
}

/** The account's kept changes of this form, removed from storage as they are handed back. */
export function takeDraft(userId: number, identity: string): unknown {
  const drafts = read(userId);
  if (!(identity in drafts)) return undefined;
  const { [identity]: draft, ...others } = drafts;
  write(userId, others);
  return draft;
}

/** The forms still on screen after signing in again over them: their kept copies are no longer needed. */
export function dropDrafts(userId: number, identities: readonly string[]) {
  const drafts = read(userId);
  for (const identity of identities) delete drafts[identity];
  write(userId, drafts);
}

/** Removes every account's kept changes (a logout), or every one but `keep`'s (another account signed in). */
export function forgetDrafts({ keep }: { keep?: number } = {}) {
  try {
    const keys = Array.from({ length: window.localStorage.length }, (_, index) => window.localStorage.key(index));
    for (const key of keys) {
      if (key?.startsWith(PREFIX) && key !== `${PREFIX}${keep}`) window.localStorage.removeItem(key);
    }
  } catch {
    // No storage: nothing was kept.
  }
}

/**
 * A form's identity: its tab's data and the values it opened with (the record as it was loaded). The
 * same record opened again, unchanged on the server, is the same form; a new form of a tab is one form.
 * A short FNV-1a hash, not a secret: it only names an entry.
 */
export function formIdentity(queryKey: readonly unknown[], defaultValues: unknown): string {
  const text = JSON.stringify([queryKey, defaultValues]);
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}
