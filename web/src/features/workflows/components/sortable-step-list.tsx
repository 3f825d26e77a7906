import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type Announcements, type DragEndEvent, type UniqueIdentifier } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import Stack from '@mui/material/Stack';
import type { WorkflowAction } from '@receivables/contracts';
import { useRef, useState } from 'react';

import { shortStepName } from '../workflow-steps';

import { WorkflowStepItem, type FocusRequest } from './workflow-step-item';

const INSTRUCTIONS =
  'To move a step, press Space or Enter on its handle, use the up and down arrow keys, then press Space or Enter to drop it, or Escape to cancel. The Move up and Move down buttons do the same one place at a time.';

interface SortableStepListProps {
  /** The section's name, for the list's label. */
  label: string;
  steps: WorkflowAction[];
  onMove: (from: number, to: number) => void;
  onEdit: (step: WorkflowAction) => void;
  onRemove: (step: WorkflowAction) => void;
  isRemoving: (id: string) => boolean;
}

/**
 * An ordered list of steps that reorders by pointer drag, by keyboard drag (dnd-kit's keyboard
 * sensor: Space, arrows, Space) and by the Move buttons; every drag is announced in words.
 */
export function SortableStepList({ label, steps, onMove, onEdit, onRemove, isRemoving }: SortableStepListProps) {
  // A small distance before a drag starts, so a click on the handle is still a click.
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const [focusRequest, setFocusRequest] = useState<FocusRequest | null>(null);
  const ids = steps.map((s) => s.id);
  const nameOf = (id: UniqueIdentifier) => {
    const step = steps.find((s) => s.id === id);
    return step ? shortStepName(step) : 'The step';
  };
  const at = (id: UniqueIdentifier) => `position ${ids.indexOf(String(id)) + 1} of ${ids.length}`;
  // dnd-kit reports the step as over its own place as soon as it is picked up; saying so would
  // talk over "Picked up", so only a change of place is spoken.
  const lastOver = useRef<UniqueIdentifier | null>(null);
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      lastOver.current = active.id;
      return `Picked up ${nameOf(active.id)}, at ${at(active.id)}.`;
    },
    onDragOver: ({ active, over }) => {
      if ((over?.id ?? null) === lastOver.current) return undefined;
      lastOver.current = over?.id ?? null;
      return over ? `${nameOf(active.id)} is over ${at(over.id)}.` : `${nameOf(active.id)} is outside the list.`;
    },
    onDragEnd: ({ active, over }) =>
      over ? `${nameOf(active.id)} dropped at ${at(over.id)}.` : `${nameOf(active.id)} dropped outside the list; the order is unchanged.`,
    onDragCancel: ({ active }) => `Move cancelled: ${nameOf(active.id)} stays at ${at(active.id)}.`,
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onMove(ids.indexOf(String(active.id)), ids.indexOf(String(over.id)));
  };
  const moveByButton = (index: number, to: number, which: FocusRequest['which']) => {
    const id = ids[index];
    if (id === undefined) return;
    // The pressed button keeps focus once its step has moved (React may move the element).
    setFocusRequest({ id, index: to, which });
    onMove(index, to);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: INSTRUCTIONS } }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <Stack component="ol" aria-label={`Steps: ${label}`} spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {steps.map((step, index) => (
            <WorkflowStepItem
              key={step.id}
              step={step}
              isFirst={index === 0}
              isLast={index === steps.length - 1}
              onMoveUp={() => moveByButton(index, index - 1, 'up')}
              onMoveDown={() => moveByButton(index, index + 1, 'down')}
              onEdit={() => onEdit(step)}
              onRemove={() => onRemove(step)}
              isRemoving={isRemoving(step.id)}
              focusRequest={focusRequest?.id === step.id && focusRequest.index === index ? focusRequest : null}
              onFocusDone={() => setFocusRequest(null)}
            />
          ))}
        </Stack>
      </SortableContext>
    </DndContext>
  );
}
