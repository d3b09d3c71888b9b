export {
  absoluteUrl,
  createHeadCollector,
  DEFAULT_HEAD,
  DESCRIPTION_MAX,
  HOME_TITLE,
  homeTitle,
  pageDescription,
  SITE_DESCRIPTION,
  type HeadCollector,
  type ImagePreload,
  type PageHead,
} from './page-head.ts';
export { documentTitle, HEAD_MARKER, renderHeadTags, serializeJsonLd } from './render-head-tags.ts';
export { HeadProvider, usePageHead, usePreloadImage, useSiteUrl } from './head-context.tsx';
export { associationJsonLd } from './association-json-ld.ts';
