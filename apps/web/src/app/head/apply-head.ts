import { HEAD_MARKER } from './render-head-tags.ts';

/**
 * Client side: makes document.head hold exactly the given managed tags (renderHeadTags output).
 * Tags equal to the ones already there (the server's, at hydration) are left alone, so that the
 * first paint does not churn the head; otherwise every marked tag is replaced.
 */
export function applyHeadTags(html: string): void {
  const template = document.createElement('template');
  template.innerHTML = html;
  const next = Array.from(template.content.children);
  const current = Array.from(document.head.querySelectorAll(`[${HEAD_MARKER}]`));
  if (next.length === current.length && next.every((node, index) => node.isEqualNode(current[index]!))) return;

  for (const node of current) node.remove();
  // A static title or description (index.html served without server rendering) would otherwise win over ours.
  for (const node of document.head.querySelectorAll(`title:not([${HEAD_MARKER}]), meta[name="description"]:not([${HEAD_MARKER}])`)) {
    node.remove();
  }
  document.head.append(...next);
}
