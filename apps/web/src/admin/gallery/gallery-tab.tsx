import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GalleryItem } from '@bande/shared';
import { texts } from '@bande/shared/texts';
import { useAdminApi, invalidateAfterChange } from '../lib/admin-api.ts';
import { failureWithDetail } from '../lib/mutations.ts';
import { useConfirmedDelete, usePublishToggle } from '../lib/record-actions.ts';
import { SortableList, useSortableRow } from '../lib/sortable.tsx';
import { CreateButton } from '../ui/create-button.tsx';
import { useToast } from '../ui/toast.tsx';
import { GripIcon, PlayIcon } from '../ui/icons.tsx';
import { EmptyState, ui } from '../ui/layout.tsx';
import { publicationCounters } from '../ui/publication-counters.ts';
import { TabPage } from '../ui/tab-page.tsx';
import { PublicationStatus } from '../scheduling/publication-status.tsx';
import { RowActions } from '../ui/row-actions.tsx';
import { ListPanel } from '../ui/list-panel.tsx';
import { GalleryFormModal } from './gallery-form.tsx';
import { GALLERY_TYPE_LABELS, galleryKey, useAdminGallery } from './gallery-queries.ts';
import styles from './gallery.module.css';
import { DeletedItems } from '../history/deleted-items.tsx';
import { historyTexts } from '../history/history-texts.ts';
import { Thumb } from '../ui/thumb.tsx';

/** The list a deleted record goes to, named in the deletion's question. */
const DELETED_TITLE = 'Médias supprimés';

const itemName = (item: GalleryItem) => item.title || `${GALLERY_TYPE_LABELS[item.type]} n° ${item.position + 1}`;

export function GalleryTab() {
  const gallery = useAdminGallery();
  const api = useAdminApi();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [editing, setEditing] = useState<GalleryItem | null | undefined>(undefined);

  const togglePublish = usePublishToggle<GalleryItem>(galleryKey, '/api/gallery');
  const remove = useConfirmedDelete<GalleryItem>(galleryKey, '/api/gallery', (item) => historyTexts.deleteConfirm(`Supprimer le média « ${itemName(item)} » ?`, DELETED_TITLE));

  // The new order shows at once; a failure puts the server's order back.
  const reorder = useMutation({
    mutationFn: (ordered: GalleryItem[]) => api.send('POST', '/api/gallery/reorder', { items: ordered.map((item, index) => ({ id: item.id, position: index })) }),
    onMutate: (ordered) => {
      queryClient.setQueryData<GalleryItem[]>(galleryKey, ordered.map((item, index) => ({ ...item, position: index })));
    },
    onError: (error) => toast.show(failureWithDetail(texts.errors.update, error), 'error'),
    onSettled: () => invalidateAfterChange(queryClient, galleryKey),
  });

  const list = gallery.data ?? [];
  const newButton = <CreateButton onClick={() => setEditing(null)}>Ajouter un média</CreateButton>;

  return (
    <TabPage
      countersShown={gallery.isSuccess}
      title={texts.admin.galleryTitle}
      description="Photos, vidéos et liens YouTube de la page « Échos en images ». Glissez les poignées pour changer l’ordre."
      action={newButton}
      counters={publicationCounters('Compteurs de la galerie', list)}
    >
      <ListPanel query={gallery} empty={<EmptyState title="Aucun média pour le moment">{newButton}</EmptyState>}>
        <SortableList items={list} nameOf={itemName} onReorder={(ordered) => reorder.mutate(ordered)} label="Ordre de la galerie" className={styles.list}>
          {list.map((item, index) => (
            <GalleryRow
              key={item.id}
              item={item}
              index={index}
              onTogglePublish={() => togglePublish(item)}
              onEdit={() => setEditing(item)}
              onDelete={() => remove.askDelete(item)}
            />
          ))}
        </SortableList>
      </ListPanel>
      {editing !== undefined ? <GalleryFormModal item={editing} onClose={() => setEditing(undefined)} /> : null}
      <DeletedItems entity="gallery" contentKey={galleryKey} title={DELETED_TITLE} />
    </TabPage>
  );
}

interface RowProps {
  item: GalleryItem;
  index: number;
  onTogglePublish: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

function GalleryRow({ item, index, onTogglePublish, onEdit, onDelete }: RowProps) {
  const { setNodeRef, style, isDragging, handleProps } = useSortableRow(item.id);
  const name = itemName(item);
  const [broken, setBroken] = useState(false);
  const preview = item.type === 'video' ? item.thumbnail : (item.thumbnail ?? item.url);
  return (
    <li ref={setNodeRef} style={style} className={[styles.item, isDragging ? styles.dragging : ''].join(' ')} data-testid="gallery-item">
      <button type="button" className={ui.dragHandle} aria-label={`Déplacer ${name}`} {...handleProps}>
        <GripIcon />
      </button>
      <div className={styles.media}>
        {/* An unreachable thumbnail (YouTube offline) leaves the neutral tile rather than a broken image. */}
        {preview && !broken ? (
          <Thumb src={preview} sizes="5.5rem" onError={() => setBroken(true)} />
        ) : item.type === 'video' ? (
          <video src={item.url} preload="metadata" muted />
        ) : null}
        {item.type !== 'photo' ? (
          <span className={styles.mediaIcon} aria-hidden="true">
            <PlayIcon />
          </span>
        ) : null}
      </div>
      <div className={styles.info}>
        <p className={styles.title}>{name}</p>
        <p className={styles.meta}>
          <span className={ui.tag}>{GALLERY_TYPE_LABELS[item.type]}</span>
          <PublicationStatus item={item} />
          <span className={styles.position}>Position {index + 1}</span>
        </p>
      </div>
      <div className={styles.actions}>
        <RowActions name={name} published={item.published} onTogglePublish={onTogglePublish} onEdit={onEdit} onDelete={onDelete} />
      </div>
    </li>
  );
}
