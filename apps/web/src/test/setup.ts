import '@testing-library/jest-dom/vitest';
import { afterEach, beforeEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

/*
 * Any console.error during a component test fails it (ARCHITECTURE convention 10): React warnings
 * (missing keys, act(), invalid DOM nesting, hydration) are bugs, not noise.
 */
const originalError = console.error;
let reported: unknown[][] = [];

beforeEach(() => {
  reported = [];
  console.error = (...args: unknown[]) => {
    reported.push(args);
    originalError(...args);
  };
});

afterEach(() => {
  cleanup();
  console.error = originalError;
  if (reported.length > 0) {
    const first = reported[0]!.map((part) => (part instanceof Error ? part.message : String(part))).join(' ');
    throw new Error(`console.error a été appelé pendant le test (${reported.length} fois) : ${first}`);
  }
});

// The machines running the suite are shared and busy: give find* queries time before calling it a failure.
// A lazily loaded part (a dialog's form, a tab) is transformed by Vite on its first import in a file,
// which took over 4 s in CI with the other Node versions' suites running beside this one.
configure({ asyncUtilTimeout: 10_000 });

// jsdom does not implement scrolling; the layout scrolls to the top on each new page.
window.scrollTo = () => {};

/*
 * jsdom has <dialog> but not its methods. These do what the tests can observe: showModal() and show()
 * set `open` (so the dialog is visible to queries), close() removes it and fires 'close'. The top layer
 * and the page's inertness are the browser's; the e2e journeys check those.
 */
if (typeof HTMLDialogElement !== 'undefined' && !HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.show = function show(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    if (!this.isConnected) throw new DOMException('The dialog is not in a document.', 'InvalidStateError');
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement, returnValue?: string) {
    if (!this.open) return;
    this.open = false;
    if (returnValue !== undefined) this.returnValue = returnValue;
    this.dispatchEvent(new Event('close'));
  };
}
