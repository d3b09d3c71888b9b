import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { texts, type GalleryItem } from '@bande/shared';
import { adminTexts } from '../admin-texts.ts';
import { useAdminApi, invalidateAfterChange } from '../lib/admin-api.ts';
import { failureWithDetail, useAdminAction } from '../lib/mutations.ts';
import { SortableList, useSortableRow } from '../lib/sortable.tsx';
import { AdminButton } from '../ui/button.tsx';
import { useConfirm } from '../ui/confirm.tsx';
import { useToast } from '../ui/toast.tsx';
import { GripIcon, PlayIcon, PlusIcon } from '../ui/icons.tsx';
import { EmptyState, StatCards, TabHeader, ui } from '../ui/layout.tsx';
import { PublicationStatus } from '../scheduling/publication-status.tsx';
import { RowActions } from '../ui/row-actions.tsx';
import { ListPanel } from '../ui/list-panel.tsx';
import { GalleryFormModal } from './gallery-form.tsx';
import { GALLERY_TYPE_LABELS, galleryKey, useAdminGallery } from './gallery-queries.ts';
import styles from './gallery.module.css';
import { DeletedItems } from '../history/deleted-items.tsx';

const itemName = (item: GalleryItem) => item.title || `${GALLERY_TYPE_LABELS[item.type]} n° ${item.position + 1}`;

export function GalleryTab() {
  const gallery = useAdminGallery();
  const api = useAdminApi();
  const queryClient = useQueryClient();
  const toast = useToast();
  const confirm = useConfirm();
  const [editing, setEditing] = useState<GalleryItem | null | undefined>(undefined);

  const publish = useAdminAction(galleryKey, (a, item: GalleryItem) => a.send('POST', `/api/gallery/${item.id}/${item.published ? 'unpublish' : 'publish'}`), texts.errors.publish);
  const remove = useAdminAction(galleryKey, (a, id: number) => a.send('DELETE', `/api/gallery/${id}`), texts.errors.delete);

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
  const published = list.filter((item) => item.published).length;
  async function onDelete(item: GalleryItem) {
    if (await confirm({ message: `Supprimer le média « ${itemName(item)} » ? Cette action est définitive.` })) remove.mutate(item.id);
  }

  const newButton = (
    <AdminButton variant="primary" icon={<PlusIcon />} onClick={() => setEditing(null)}>
      Ajouter un média
    </AdminButton>
  );

  return (
    <section aria-labelledby="tab-title">
      <TabHeader
        title={texts.admin.galleryTitle}
        description="Photos, vidéos et liens YouTube de la page « Échos en images ». Glissez les poignées pour changer l’ordre."
        action={newButton}
      />
      <StatCards
        label="Compteurs de la galerie"
        items={[
          { label: adminTexts.counters.published, value: published, tone: 'good' },
          { label: adminTexts.counters.drafts, value: list.length - published, tone: 'warn' },
          { label: adminTexts.counters.total, value: list.length },
        ]}
      />
      <ListPanel query={gallery} empty={<EmptyState title={texts.gallery.empty}>{newButton}</EmptyState>}>
        <SortableList items={list} nameOf={itemName} onReorder={(ordered) => reorder.mutate(ordered)} label="Ordre de la galerie" className={styles.list}>
          {list.map((item, index) => (
            <GalleryRow
              key={item.id}
              item={item}
              index={index}
              onTogglePublish={() => publish.mutate(item)}
              onEdit={() => setEditing(item)}
              onDelete={() => void onDelete(item)}
            />
          ))}
        </SortableList>
      </ListPanel>
      {editing !== undefined ? <GalleryFormModal item={editing} onClose={() => setEditing(undefined)} /> : null}
      <DeletedItems entity="gallery" contentKey={galleryKey} title="Médias supprimés" />
    </section>
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
          <img src={preview} alt="" loading="lazy" onError={() => setBroken(true)} />
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
