const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;

/**
 * The 11-character video id from any YouTube link form (watch?v=, youtu.be/, embed/, shorts/, live/,
 * v/, music., m., nocookie), or null when there is none.
 */
export function youtubeIdFrom(link: string): string | null {
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    return null;
  }
  const host = url.hostname.replace(/^(www\.|m\.|music\.)/, '');
  let candidate: string | null | undefined = null;
  if (host === 'youtu.be') {
    candidate = url.pathname.split('/')[1];
  } else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    const [first, second] = url.pathname.split('/').filter(Boolean);
    candidate = first === 'watch' || first === undefined ? url.searchParams.get('v') : ['embed', 'shorts', 'live', 'v', 'e'].includes(first) ? second : null;
  }
  return candidate && YOUTUBE_ID.test(candidate) ? candidate : null;
}

export const youtubeThumbnail = (id: string) => `https://i.ytimg.com/vi/${id}/hqdefault.jpg`;
export const youtubeEmbedUrl = (id: string) => `https://www.youtube-nocookie.com/embed/${id}?autoplay=1&rel=0`;
