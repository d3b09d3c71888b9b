import { useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * A ref that always holds the latest value, for listeners registered once (keyboard handlers of a
 * dialog, timers) that must call the current props. Updated in a layout effect, that is before the
 * browser handles the next event: a passive effect runs only after the next frame under Preact, and a
 * key pressed just after a render would reach the previous render's handler.
 */
export function useLatest<T>(value: T): RefObject<T> {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}
