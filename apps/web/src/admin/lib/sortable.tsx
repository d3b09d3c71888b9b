import type { CSSProperties, ReactNode } from 'react';
import {
  closestCenter,
  DndContext,
  KeyboardCode,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type AutoScrollOptions,
  type DragEndEvent,
  type KeyboardCoordinateGetter,
  type ScreenReaderInstructions,
} from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { restrictToVerticalAxisAndParent } from './sortable-modifiers.ts';

/** Spec section 9: a key press moves the dragged row by 25 px. */
export const KEYBOARD_STEP_PX = 25;

/** Spec section 9: auto-scroll every 5 ms within the outer 20% of the area, acceleration 10. */
export const AUTO_SCROLL: AutoScrollOptions = { interval: 5, threshold: { x: 0.2, y: 0.2 }, acceleration: 10 };

const verticalSteps: KeyboardCoordinateGetter = (event, { currentCoordinates }) => {
  switch (event.code) {
    case KeyboardCode.Down:
      return { ...currentCoordinates, y: currentCoordinates.y + KEYBOARD_STEP_PX };
    case KeyboardCode.Up:
      return { ...currentCoordinates, y: currentCoordinates.y - KEYBOARD_STEP_PX };
    default:
      return undefined;
  }
};

export function useSortableSensors() {
  return useSensors(
    // A few pixels of movement before a drag starts, so that a tap on the handle stays a tap.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: verticalSteps }),
  );
}

export const screenReaderInstructions: ScreenReaderInstructions = {
  draggable:
    'Pour déplacer un élément, appuyez sur Espace ou Entrée, utilisez les flèches haut et bas, puis Espace ou Entrée pour le déposer, ou Échap pour annuler.',
};

/** French announcements; `label` turns an id into the item's name. */
export function announcements(label: (id: unknown) => string): Announcements {
  return {
    onDragStart: ({ active }) => `${label(active.id)} saisi.`,
    onDragOver: ({ active, over }) => (over ? `${label(active.id)} au-dessus de ${label(over.id)}.` : `${label(active.id)} hors de la liste.`),
    onDragEnd: ({ active, over }) => (over ? `${label(active.id)} déposé à la place de ${label(over.id)}.` : `${label(active.id)} déposé.`),
    onDragCancel: ({ active }) => `Déplacement de ${label(active.id)} annulé.`,
  };
}

/** A sortable row: the style to apply and the props of its drag handle. */
export function useSortableRow(id: number) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  const style: CSSProperties = {
    transform: CSS.Translate.toString(transform),
    transition,
    position: 'relative',
    zIndex: isDragging ? 2 : undefined,
  };
  return { setNodeRef, style, isDragging, handleProps: { ref: setActivatorNodeRef, ...attributes, ...listeners } };
}

/** The list with the moved item at its new place. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = list.slice();
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

export interface SortableListProps<T extends { id: number }> {
  items: readonly T[];
  /** The item's name in the screen-reader announcements. */
  nameOf: (item: T) => string;
  /** Called with the whole list in its new order once a row is dropped elsewhere. */
  onReorder: (ordered: T[]) => void;
  /** The accessible name of the list ('Ordre de la galerie'). */
  label: string;
  className?: string;
  /** The rows, each using useSortableRow(item.id). */
  children: ReactNode;
}

/**
 * A vertical list reordered by drag and drop, with the mouse, touch or the keyboard (spec section 9:
 * 25 px steps, auto-scroll), announced in French.
 */
export function SortableList<T extends { id: number }>({ items, nameOf, onReorder, label, className, children }: SortableListProps<T>) {
  const sensors = useSortableSensors();
  const labelOf = (id: unknown) => {
    const item = items.find((candidate) => candidate.id === id);
    return item ? nameOf(item) : '';
  };

  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const from = items.findIndex((item) => item.id === active.id);
    const to = items.findIndex((item) => item.id === over.id);
    if (from >= 0 && to >= 0) onReorder(moveItem(items, from, to));
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      autoScroll={AUTO_SCROLL}
      modifiers={[restrictToVerticalAxisAndParent]}
      onDragEnd={onDragEnd}
      accessibility={{ announcements: announcements(labelOf), screenReaderInstructions }}
    >
      <SortableContext items={items.map((item) => item.id)} strategy={verticalListSortingStrategy}>
        <ol className={className} aria-label={label}>
          {children}
        </ol>
      </SortableContext>
    </DndContext>
  );
}
