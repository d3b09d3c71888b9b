import type { ImageMap } from '@bande/shared/images';

/**
 * A public read as the API answers it: the payload and, beside it, the size and variants of the
 * uploaded images it names. The query cache keeps both; pages read the payload with `select: dataOf`
 * (so that its shape stays the API's `data`) and the images with `select: imagesOf`.
 */
export interface WithImages<T> {
  data: T;
  images: ImageMap;
}

/** An answer without `images` (an older server) still renders: the photos just lack srcset. */
export const withImages = <T>(response: { data: T; images?: ImageMap }): WithImages<T> => ({ data: response.data, images: response.images ?? {} });

export const dataOf = <T>(response: WithImages<T>): T => response.data;
export const imagesOf = (response: WithImages<unknown>): ImageMap => response.images;
