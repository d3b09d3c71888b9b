import type { GalleryItem } from '@bande/shared/schemas/gallery';
import { youtubeEmbedUrl, youtubeIdFrom, youtubeThumbnail } from '@bande/shared/format/youtube';

export const TYPE_LABELS: Record<GalleryItem['type'], string> = { photo: 'Photo', video: 'Vidéo', youtube: 'YouTube' };

/** The item's title, or its kind when it has none ('Photo', 'Vidéo'...). */
export const itemTitle = (item: GalleryItem) => item.title?.trim() || TYPE_LABELS[item.type];

/** What the visitor does with a tile, as the start of its accessible name. */
export const itemAction = (item: GalleryItem) => (item.type === 'photo' ? 'Agrandir la photo' : 'Lire la vidéo');

export const youtubeId = (item: GalleryItem) => item.youtubeId ?? youtubeIdFrom(item.url);

/** The small picture of the grid: the stored thumbnail, the photo itself, or YouTube's own frame. */
export function thumbnailOf(item: GalleryItem): string | null {
  if (item.thumbnail) return item.thumbnail;
  if (item.type === 'photo') return item.url;
  if (item.type === 'youtube') {
    const id = youtubeId(item);
    return id ? youtubeThumbnail(id) : null;
  }
  return null;
}

export const embedUrlOf = (item: GalleryItem) => {
  const id = youtubeId(item);
  return id ? youtubeEmbedUrl(id) : null;
};
