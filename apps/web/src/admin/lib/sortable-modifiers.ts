import type { Modifier } from '@dnd-kit/core';

/**
 * Rows move up and down only, and stay within their list (@dnd-kit/modifiers is not installed; these
 * are its two modifiers in a few lines).
 */
export const restrictToVerticalAxisAndParent: Modifier = ({ transform, draggingNodeRect, containerNodeRect }) => {
  const next = { ...transform, x: 0 };
  if (!draggingNodeRect || !containerNodeRect) return next;
  const minY = containerNodeRect.top - draggingNodeRect.top;
  const maxY = containerNodeRect.bottom - draggingNodeRect.bottom;
  return { ...next, y: Math.min(Math.max(next.y, minY), maxY) };
};
