import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OriginCategory, OriginEvent } from '@bande/shared';
import { texts } from '@bande/shared/texts';
import { adminTexts } from '../admin-texts.ts';
import { invalidateAfterChange, useAdminApi } from '../lib/admin-api.ts';
import { formatEventDate } from '@bande/shared/format/french-dates';
import { failureWithDetail, useAdminAction } from '../lib/mutations.ts';
import { useConfirmedDelete } from '../lib/record-actions.ts';
import { useSession } from '../lib/session.ts';
import { SortableList, useSortableRow } from '../lib/sortable.tsx';
import { AdminButton, IconButton } from '../ui/button.tsx';
import { Alert } from '../ui/alert.tsx';
import { CreateButton } from '../ui/create-button.tsx';
import { ListPanel } from '../ui/list-panel.tsx';
import { useToast } from '../ui/toast.tsx';
import { ChevronRightIcon, GripIcon, PlusIcon } from '../ui/icons.tsx';
import { EmptyState, ui } from '../ui/layout.tsx';
import { publishedAndDrafts } from '../ui/publication-counters.ts';
import { TabPage } from '../ui/tab-page.tsx';
import { PublicationStatus } from '../scheduling/publication-status.tsx';
import { RowActions } from '../ui/row-actions.tsx';
import { CategoryFormModal } from './category-form.tsx';
import { EventFormModal } from './event-form.tsx';
import { categoryBody, originsKey, useAdminOrigins } from './origins-queries.ts';
import styles from './origins.module.css';
import { DeletedItems } from '../history/deleted-items.tsx';
import { historyTexts } from '../history/history-texts.ts';

/** The lists deleted records go to, named in the deletion's questions. */
const DELETED_CATEGORIES = 'Catégories supprimées';
const DELETED_EVENTS = 'Événements supprimés';

type Editing =
  | { kind: 'category'; category: OriginCategory | null }
  | { kind: 'event'; event: OriginEvent | null; categoryId?: number }
  | null;

export function OriginsTab() {
  const { token } = useSession();
  const origins = useAdminOrigins(Boolean(token));
  const api = useAdminApi();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [editing, setEditing] = useState<Editing>(null);
  const [expanded, setExpanded] = useState<Set<number>>(() => new Set());

  const publishCategory = useAdminAction(originsKey, (a, c: OriginCategory) => a.send('PUT', `/api/origins/admin/categories/${c.id}/publish`, { published: !c.published }), texts.errors.publish);
  const publishEvent = useAdminAction(originsKey, (a, e: OriginEvent) => a.send('PUT', `/api/origins/admin/events/${e.id}/publish`, { published: !e.published }), texts.errors.publish);
  const removeCategory = useConfirmedDelete<OriginCategory>(originsKey, '/api/origins/admin/categories', (category) => {
    const count = category.events.length;
    return historyTexts.deleteConfirm(`Supprimer la catégorie « ${category.title} »${count ? ` et ses ${count} événement(s)` : ''} ?`, DELETED_CATEGORIES);
  });
  const removeEvent = useConfirmedDelete<OriginEvent>(originsKey, '/api/origins/admin/events', (event) => historyTexts.deleteConfirm(`Supprimer l’événement « ${event.title} » ?`, DELETED_EVENTS));

  // Spec section 7: one PUT per category, positions from 1; on failure the server's order is reloaded.
  const reorder = useMutation({
    mutationFn: (ordered: OriginCategory[]) =>
      Promise.all(ordered.map((category, index) => api.send('PUT', `/api/origins/admin/categories/${category.id}`, categoryBody(category, index + 1)))),
    onMutate: (ordered) => {
      queryClient.setQueryData<OriginCategory[]>(originsKey, ordered.map((category, index) => ({ ...category, position: index + 1 })));
    },
    onError: (error) => toast.show(failureWithDetail(texts.errors.update, error), 'error'),
    onSettled: () => invalidateAfterChange(queryClient, originsKey),
  });

  if (!token) {
    return (
      <TabPage title={texts.admin.originsTitle}>
        <Alert>{texts.errors.originsTokenMissing}</Alert>
      </TabPage>
    );
  }

  const categories = origins.data ?? [];
  const events = categories.flatMap((category) => category.events);

  function toggle(id: number) {
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }

  return (
    <TabPage
      countersShown={origins.isSuccess}
      title={texts.admin.originsTitle}
      description="Les catégories et les événements de la frise « Origines ». Glissez les poignées pour ordonner les catégories."
      action={
        <div className={ui.actions}>
          <AdminButton icon={<PlusIcon />} onClick={() => setEditing({ kind: 'event', event: null })} disabled={categories.length === 0}>
            Nouvel événement
          </AdminButton>
          <CreateButton onClick={() => setEditing({ kind: 'category', category: null })}>Nouvelle catégorie</CreateButton>
        </div>
      }
      counters={{
        label: 'Compteurs des origines',
        items: [
          ...publishedAndDrafts(categories, { published: 'Catégories publiées', drafts: 'Catégories en brouillon' }),
          ...publishedAndDrafts(events, { published: 'Événements publiés', drafts: 'Événements en brouillon' }),
        ],
      }}
    >
      <ListPanel
        query={origins}
        loadError={texts.errors.originsLoad}
        empty={
          <EmptyState title="Aucune catégorie pour le moment">
            <CreateButton onClick={() => setEditing({ kind: 'category', category: null })}>Créer la première catégorie</CreateButton>
          </EmptyState>
        }
      >
        <div className={styles.table}>
          <div className={[ui.columnHeads, styles.headRow].join(' ')} aria-hidden="true">
            <span />
            <span />
            <span>Catégorie</span>
            <span>Événements</span>
            <span>{adminTexts.table.status}</span>
            <span>{adminTexts.table.actions}</span>
          </div>
          <SortableList
            items={categories}
            nameOf={(category) => category.title}
            onReorder={(ordered) => reorder.mutate(ordered)}
            label="Ordre des catégories"
            className={styles.list}
          >
            {categories.map((category) => (
              <CategoryRow
                key={category.id}
                category={category}
                expanded={expanded.has(category.id)}
                onToggle={() => toggle(category.id)}
                onTogglePublish={() => publishCategory.mutate(category)}
                onEdit={() => setEditing({ kind: 'category', category })}
                onDelete={() => removeCategory.askDelete(category)}
                onAddEvent={() => setEditing({ kind: 'event', event: null, categoryId: category.id })}
                onEditEvent={(event) => setEditing({ kind: 'event', event })}
                onToggleEvent={(event) => publishEvent.mutate(event)}
                onDeleteEvent={(event) => removeEvent.askDelete(event)}
              />
            ))}
          </SortableList>
        </div>
      </ListPanel>
      {editing?.kind === 'category' ? <CategoryFormModal category={editing.category} endPosition={Math.max(0, ...categories.map((c) => c.position)) + 1} onClose={() => setEditing(null)} /> : null}
      {editing?.kind === 'event' ? (
        <EventFormModal event={editing.event} categoryId={editing.categoryId} categories={categories} onClose={() => setEditing(null)} />
      ) : null}
      <DeletedItems entity="origin-category" contentKey={originsKey} title={DELETED_CATEGORIES} />
      <DeletedItems entity="origin-event" contentKey={originsKey} title={DELETED_EVENTS} />
    </TabPage>
  );
}

interface RowProps {
  category: OriginCategory;
  expanded: boolean;
  onToggle: () => void;
  onTogglePublish: () => void;
  onEdit: () => void;
  onDelete: () => void;
  onAddEvent: () => void;
  onEditEvent: (event: OriginEvent) => void;
  onToggleEvent: (event: OriginEvent) => void;
  onDeleteEvent: (event: OriginEvent) => void;
}

function CategoryRow(props: RowProps) {
  const { category, expanded } = props;
  const { setNodeRef, style, isDragging, handleProps } = useSortableRow(category.id);
  const eventsId = `origin-events-${category.id}`;
  return (
    <li ref={setNodeRef} style={style} className={[styles.category, isDragging ? styles.dragging : ''].join(' ')} data-testid="origin-category">
      <div className={styles.row}>
        <button type="button" className={ui.dragHandle} aria-label={`Déplacer ${category.title}`} {...handleProps}>
          <GripIcon />
        </button>
        <IconButton
          className={styles.expand}
          label={`${expanded ? 'Masquer' : 'Afficher'} les événements de ${category.title}`}
          aria-expanded={expanded}
          aria-controls={eventsId}
          onClick={props.onToggle}
        >
          <ChevronRightIcon />
        </IconButton>
        <div style={{ minWidth: 0 }}>
          <p className={styles.catTitle}>{category.title}</p>
          {category.description ? <p className={styles.catDescription}>{category.description}</p> : null}
        </div>
        <span className={styles.count}>{category.events.length} événement(s)</span>
        <span className={styles.status}>
          <PublicationStatus item={category} />
        </span>
        <div className={styles.rowActions}>
          <RowActions name={category.title} published={category.published} onTogglePublish={props.onTogglePublish} onEdit={props.onEdit} onDelete={props.onDelete} />
        </div>
      </div>
      {expanded ? (
        <ul id={eventsId} className={styles.events} aria-label={`Événements de ${category.title}`}>
          {category.events.length === 0 ? <li className={styles.emptyEvents}>Aucun événement dans cette catégorie.</li> : null}
          {category.events.map((event) => (
            <li key={event.id} className={styles.event}>
              <span className={styles.eventDate}>{formatEventDate(event.date)}</span>
              <span className={styles.eventTitle}>{event.title}</span>
              <PublicationStatus item={event} />
              <div className={styles.eventActions}>
                <RowActions
                  name={event.title}
                  published={event.published}
                  onTogglePublish={() => props.onToggleEvent(event)}
                  onEdit={() => props.onEditEvent(event)}
                  onDelete={() => props.onDeleteEvent(event)}
                />
              </div>
            </li>
          ))}
          <li className={styles.eventsFooter}>
            <AdminButton small variant="ghost" icon={<PlusIcon />} onClick={props.onAddEvent}>
              Ajouter un événement
            </AdminButton>
          </li>
        </ul>
      ) : null}
    </li>
  );
}
