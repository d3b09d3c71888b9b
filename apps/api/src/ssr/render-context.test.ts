import { describe, expect, it } from 'vitest';
import type { App } from '../deps.ts';
import { appOfRender, withApp } from './render-context.ts';

const appA = { name: 'A' } as unknown as App;
const appB = { name: 'B' } as unknown as App;

/** A promise the test resolves when it chooses. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe('the render context', () => {
  it('gives each render its own app, even when another render ends in the middle of it', async () => {
    const aMayGoOn = gate();
    const renderA = withApp(appA, async () => {
      const before = appOfRender();
      await aMayGoOn.opened;
      // B started and finished meanwhile: the store must not have been disabled under A.
      return [before, appOfRender()];
    });
    const renderB = await withApp(appB, async () => {
      await Promise.resolve();
      return appOfRender();
    });
    aMayGoOn.open();
    expect(renderB).toBe(appB);
    expect(await renderA).toEqual([appA, appA]);
  });

  it('knows no app outside a render, and again within the next one', async () => {
    expect(appOfRender()).toBeUndefined();
    await withApp(appA, async () => undefined);
    expect(appOfRender()).toBeUndefined();
    expect(await withApp(appB, async () => appOfRender())).toBe(appB);
  });

  it('leaves no render counted after a render that fails', async () => {
    await expect(withApp(appA, async () => Promise.reject(new Error('rendu impossible')))).rejects.toThrow('rendu impossible');
    const later = gate();
    const pending = withApp(appB, async () => {
      await later.opened;
      return appOfRender();
    });
    later.open();
    expect(await pending).toBe(appB);
  });
});
