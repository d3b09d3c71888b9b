import { useEffect, useRef, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';

/**
 * The backoffice's forms that hold changes not saved yet, wherever they are (a dialog, a tab). While
 * one does, leaving the page (reload, another site, closing the tab) makes the browser ask first
 * (`beforeunload`), and the dashboard asks before a tab change or a logout (hasUnsavedWork).
 * useAdminForm registers every form: a new form built on it is covered with nothing to add.
 */
const dirtyForms = new Map<symbol, { current: UnsavedDraft | undefined }>();

/** What a form with changes gives to be kept when the server ends the session (lib/drafts.ts). */
export interface UnsavedDraft {
  identity: string;
  values: () => unknown;
}

function onBeforeUnload(event: BeforeUnloadEvent) {
  event.preventDefault();
  // Older browsers want returnValue set; the text itself is the browser's own.
  event.returnValue = '';
}

/** Told when the page starts or stops holding unsaved work (history-guard.tsx). */
const watchers = new Set<() => void>();

export function watchUnsavedWork(watcher: () => void): () => void {
  watchers.add(watcher);
  return () => watchers.delete(watcher);
}

function update(id: symbol, dirty: boolean, draft: { current: UnsavedDraft | undefined }) {
  const before = dirtyForms.size;
  if (dirty) dirtyForms.set(id, draft);
  else dirtyForms.delete(id);
  if (before === 0 && dirtyForms.size > 0) window.addEventListener('beforeunload', onBeforeUnload);
  if (before > 0 && dirtyForms.size === 0) window.removeEventListener('beforeunload', onBeforeUnload);
  if ((before === 0) !== (dirtyForms.size === 0)) watchers.forEach((watcher) => watcher());
}

/** The person chose to leave the page and its changes (« Oui » to a Back): the browser must not ask again. */
export function abandonUnsavedWork() {
  const had = dirtyForms.size > 0;
  dirtyForms.clear();
  window.removeEventListener('beforeunload', onBeforeUnload);
  if (had) watchers.forEach((watcher) => watcher());
}

/** Whether a form on the page holds changes not saved. */
export function hasUnsavedWork(): boolean {
  return dirtyForms.size > 0;
}

/** The changes of every form that has some and can say them: identity → values. */
export function unsavedDrafts(): Record<string, unknown> {
  const drafts: Record<string, unknown> = {};
  for (const draft of dirtyForms.values()) {
    if (draft.current) drafts[draft.current.identity] = draft.current.values();
  }
  return drafts;
}

/** Counts this form among the unsaved work while `dirty`, and no more once unmounted; `draft`: how its changes are kept. */
export function useUnsavedWork(dirty: boolean, draft?: UnsavedDraft) {
  const [id] = useState(() => Symbol('form'));
  const latest = useRef(draft);
  useEffect(() => {
    latest.current = draft;
  });
  useEffect(() => {
    update(id, dirty, latest);
    return () => update(id, false, latest);
  }, [id, dirty]);
}

/**
 * Whether the form's values differ from the ones it started with (or was last reset to). Computed from
 * the values rather than react-hook-form's isDirty, which misses a setValue made without shouldDirty (a
 * media type, a file, a row handed over by value).
 */
export function useValuesChanged<Values extends FieldValues>(form: UseFormReturn<Values, unknown, unknown>): boolean {
  const { subscribe, getValues, control } = form;
  const [changed, setChanged] = useState(false);
  useEffect(() => {
    const check = () => setChanged(!sameValue(getValues(), control._defaultValues));
    check();
    // values: every change; isDirty: a reset (new defaults) with the same values.
    return subscribe({ formState: { values: true, isDirty: true, defaultValues: true }, callback: check });
  }, [subscribe, getValues, control]);
  return changed;
}

/** Deep equality of form values: plain objects, arrays, dates; anything else (a File) by identity. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  // A field left empty: undefined, null and '' say the same.
  const empty = (value: unknown) => value === undefined || value === null || value === '';
  if (empty(a) && empty(b)) return true;
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, index) => sameValue(item, b[index]));
  }
  if (isPlain(a) && isPlain(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].every((key) => sameValue(a[key], b[key]));
  }
  return false;
}

function isPlain(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}
