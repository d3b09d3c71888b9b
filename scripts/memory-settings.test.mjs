import { describe, expect, it } from 'vitest';
import { MEMORY_ENV, withMemorySettings } from './memory-settings.mjs';

describe('the server’s memory settings (npm start, the benches)', () => {
  it('adds glibc’s settings the operator did not give, and keeps the ones they gave', () => {
    const { env, complete } = withMemorySettings({ PATH: '/usr/bin', MALLOC_ARENA_MAX: '4' });
    expect(env).toEqual({ PATH: '/usr/bin', MALLOC_ARENA_MAX: '4', MALLOC_MMAP_THRESHOLD_: '65536' });
    expect(complete).toBe(false);
  });

  it('is complete, so that npm start runs the server in its own process, only when every setting is already there', () => {
    expect(withMemorySettings({ ...MEMORY_ENV }).complete).toBe(true);
    expect(withMemorySettings({ MALLOC_ARENA_MAX: '2' }).complete).toBe(false);
    expect(withMemorySettings({}).env).toMatchObject({ MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '65536' });
  });
});
