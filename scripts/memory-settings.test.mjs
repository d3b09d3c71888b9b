import { describe, expect, it } from 'vitest';
import { MEMORY_ENV, withMemorySettings, YOUNG_GENERATION_OPTION } from './memory-settings.mjs';

describe('the server’s memory settings (npm start, the benches)', () => {
  it('adds glibc’s settings the operator did not give, and keeps the ones they gave', () => {
    const { env, complete } = withMemorySettings({ PATH: '/usr/bin', MALLOC_ARENA_MAX: '4', NODE_OPTIONS: '--max-semi-space-size=4' });
    expect(env).toEqual({ PATH: '/usr/bin', MALLOC_ARENA_MAX: '4', MALLOC_MMAP_THRESHOLD_: '65536', NODE_OPTIONS: '--max-semi-space-size=4' });
    expect(complete).toBe(false);
  });

  it('adds V8’s young generation size to the operator’s NODE_OPTIONS, unless they give one (either spelling)', () => {
    expect(withMemorySettings({ NODE_OPTIONS: '--enable-source-maps' }).env.NODE_OPTIONS).toBe(`--enable-source-maps ${YOUNG_GENERATION_OPTION}`);
    expect(withMemorySettings({}).env.NODE_OPTIONS).toBe(YOUNG_GENERATION_OPTION);
    expect(withMemorySettings({ NODE_OPTIONS: '--max_semi_space_size=32' }).env.NODE_OPTIONS).toBe('--max_semi_space_size=32');
  });

  it('is complete, so that npm start runs the server in its own process, only when every setting is already there', () => {
    expect(withMemorySettings({ ...MEMORY_ENV, NODE_OPTIONS: YOUNG_GENERATION_OPTION }).complete).toBe(true);
    expect(withMemorySettings({ ...MEMORY_ENV }).complete).toBe(false);
    expect(withMemorySettings({ MALLOC_ARENA_MAX: '2' }).complete).toBe(false);
    expect(withMemorySettings({}).env).toMatchObject({ MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '65536' });
  });
});
