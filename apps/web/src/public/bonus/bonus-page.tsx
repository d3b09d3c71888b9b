import { useState } from 'react';
import type { GalleryItem } from '@bande/shared/schemas/gallery';
import { imageOf, type ImageMap } from '@bande/shared/images';
import { texts } from '@bande/shared/texts';
import { ListPage } from '../../components/layout.tsx';
import { Button } from '../../components/button.tsx';
import { EmptyState, QueryList } from '../../components/feedback.tsx';
import { usePageHead } from '../../app/head/index.ts';
import { Lightbox, LightboxDialog } from '../../components/lightbox.tsx';
import { ResponsiveImage } from '../../components/photo.tsx';
import { VideoPlayer } from '../../components/video-player.tsx';
import { usePublishedGallery, usePublishedGalleryImages } from './gallery.queries.ts';
import { GalleryGrid } from './gallery-grid.tsx';
import { YoutubeFrame } from './youtube-frame.tsx';
import { itemTitle } from './gallery-media.ts';
import styles from './bonus-page.module.css';
import { frenchTypography } from '@bande/shared/format/french-typography';
import { usePageWords } from '../../lib/site-content.ts';

export const GALLERY_TITLE = 'Échos en images';

export default function BonusPage() {
  const words = usePageWords();
  const gallery = usePublishedGallery();
  const images = usePublishedGalleryImages();
  const photo = gallery.data?.find((item) => item.type === 'photo');
  usePageHead({
    title: GALLERY_TITLE,
    description:
      'Répétitions, lectures en plein air, saluts et coulisses : les photos et extraits filmés de La Bande à Lire, sur scène et en chemin.',
    image: photo ? { url: photo.url, alt: photo.description?.trim() || itemTitle(photo) } : undefined,
  });
  const [openId, setOpenId] = useState<number | null>(null);

  return (
    <ListPage
      eyebrow="Bonus de la bande"
      title={GALLERY_TITLE}
      lead={words('bonusLead')}
    >
      <QueryList
        query={gallery}
        retry
        empty={<EmptyState title={texts.gallery.empty} action={<Button to="/shows" variant="secondary">Voir les spectacles</Button>} />}
      >
        {(published) => (
          <>
            <GalleryGrid items={published} images={images} onOpen={(item) => setOpenId(item.id)} />
            <Viewer items={published} images={images} openId={openId} onOpen={setOpenId} onClose={() => setOpenId(null)} />
          </>
        )}
      </QueryList>
    </ListPage>
  );
}

interface ViewerProps {
  items: GalleryItem[];
  images: ImageMap;
  openId: number | null;
  onOpen: (id: number) => void;
  onClose: () => void;
}

/** Photos and YouTube videos open in the lightbox (and browse among themselves); a video file opens the player. */
function Viewer({ items, images, openId, onOpen, onClose }: ViewerProps) {
  const item = items.find((candidate) => candidate.id === openId);
  if (!item) return null;

  if (item.type === 'video') {
    return (
      <LightboxDialog label={itemTitle(item)} onClose={onClose} closeOnEscape={false} className={styles.playerDialog}>
        <div className={styles.playerStage}>
          <VideoPlayer src={item.url} poster={item.thumbnail} title={itemTitle(item)} onClose={onClose} autoPlay autoFocus />
          {item.description ? <p className={styles.playerDescription}>{frenchTypography(item.description)}</p> : null}
        </div>
      </LightboxDialog>
    );
  }

  const viewable = items.filter((candidate) => candidate.type !== 'video');
  const index = viewable.indexOf(item);
  return (
    <Lightbox
      count={viewable.length}
      index={index}
      onIndexChange={(next) => onOpen(viewable[next]!.id)}
      onClose={onClose}
      title={itemTitle(item)}
      description={item.description}
    >
      {item.type === 'youtube' ? (
        <YoutubeFrame key={item.id} item={item} images={images} />
      ) : (
        <ResponsiveImage
          key={item.id}
          src={item.url}
          alt={item.description?.trim() || itemTitle(item)}
          width={1600}
          height={1200}
          info={imageOf(images, item.url)}
          sizes="100vw"
          loading="eager"
        />
      )}
    </Lightbox>
  );
}
