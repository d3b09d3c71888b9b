import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HistoryGuard } from './history-guard.tsx';
import { hasUnsavedWork, useUnsavedWork } from './unsaved-work.ts';
import { adminTexts } from '../admin-texts.ts';

/** A form reduced to what the guard watches: whether it holds changes. */
function ChangedForm() {
  const [dirty, setDirty] = useState(false);
  useUnsavedWork(dirty);
  return (
    <label>
      <input type="checkbox" checked={dirty} onChange={(event) => setDirty(event.target.checked)} />
      Modifié
    </label>
  );
}

const guardEntry = () => (window.history.state as Record<string, unknown> | null)?.bandeUnsavedGuard === true;

/** jsdom traverses the history after a task, as browsers do, then fires popstate. */
async function back() {
  await act(async () => {
    const popped = new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
    window.history.back();
    await popped;
  });
}

function setUp() {
  // Each test starts from one page of its own, as a freshly opened backoffice does.
  window.history.replaceState({ page: 'dashboard' }, '', '/admin/dashboard');
  const user = userEvent.setup({ delay: null });
  const view = render(
    <>
      <ChangedForm />
      <HistoryGuard />
    </>,
  );
  return { user, view };
}

afterEach(() => {
  // Leave no unsaved work behind for the next test (the registry is the page's, not the component's).
  act(() => screen.queryByRole('checkbox', { checked: true })?.click());
});

describe('HistoryGuard: the browser’s Back and Forward ask before leaving a changed form (issue 35)', () => {
  it('adds no history entry while nothing is changed', () => {
    const length = window.history.length;
    setUp();
    expect(window.history.length).toBe(length);
    expect(guardEntry()).toBe(false);
  });

  it('a change pushes one entry with the same address; Back lands on the page’s own entry and asks, without leaving', async () => {
    const { user } = setUp();
    const length = window.history.length;
    await user.click(screen.getByRole('checkbox', { name: 'Modifié' }));
    expect(guardEntry()).toBe(true);
    expect(window.history.length).toBe(length + 1);
    expect(window.location.pathname).toBe('/admin/dashboard');

    await back();
    expect(await screen.findByRole('alertdialog', { name: adminTexts.discard.title })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/admin/dashboard');
    expect(hasUnsavedWork()).toBe(true);
  });

  it('« Continuer la saisie » keeps the changes and puts the guard back, so that the next Back asks again', async () => {
    const { user } = setUp();
    await user.click(screen.getByRole('checkbox', { name: 'Modifié' }));
    await back();
    await user.click(await screen.findByRole('button', { name: adminTexts.discard.no }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Modifié' })).toBeChecked();
    expect(guardEntry()).toBe(true);

    await back();
    expect(await screen.findByRole('alertdialog', { name: adminTexts.discard.title })).toBeInTheDocument();
  });

  it('« Abandonner les modifications » gives the changes up and goes back for real', async () => {
    window.history.replaceState({ page: 'before' }, '', '/admin/before');
    window.history.pushState({ page: 'dashboard' }, '', '/admin/dashboard');
    const user = userEvent.setup({ delay: null });
    render(
      <>
        <ChangedForm />
        <HistoryGuard />
      </>,
    );
    await user.click(screen.getByRole('checkbox', { name: 'Modifié' }));
    await back();
    await user.click(await screen.findByRole('button', { name: adminTexts.discard.yes }));
    await waitFor(() => expect(window.location.pathname).toBe('/admin/before'));
    expect(hasUnsavedWork()).toBe(false);
  });

  it('Forward cannot leave a changed form: the guard entry drops the entries ahead', async () => {
    window.history.replaceState({ page: 'dashboard' }, '', '/admin/dashboard');
    window.history.pushState({ page: 'next' }, '', '/admin/next');
    await back();
    expect(window.location.pathname).toBe('/admin/dashboard');
    const { user } = setUp();
    await user.click(screen.getByRole('checkbox', { name: 'Modifié' }));
    const length = window.history.length;
    await act(async () => {
      window.history.forward();
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(window.history.length).toBe(length);
    expect(window.location.pathname).toBe('/admin/dashboard');
    expect(guardEntry()).toBe(true);
  });

  it('once the changes are saved (the form clean again), the guard entry is taken off: one Back then leaves', async () => {
    const { user } = setUp();
    await user.click(screen.getByRole('checkbox', { name: 'Modifié' }));
    expect(guardEntry()).toBe(true);
    await act(async () => {
      const popped = new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
      screen.getByRole('checkbox', { name: 'Modifié' }).click();
      await popped;
    });
    expect(guardEntry()).toBe(false);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});
