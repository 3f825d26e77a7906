import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import ArrowDownwardRounded from '@mui/icons-material/ArrowDownwardRounded';
import ArrowUpwardRounded from '@mui/icons-material/ArrowUpwardRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import DragIndicatorRounded from '@mui/icons-material/DragIndicatorRounded';
import EditRounded from '@mui/icons-material/EditRounded';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { WorkflowAction } from '@receivables/contracts';
import { useEffect, useRef } from 'react';

import { usePermission } from '../../../app/use-permission';
import { describeDelay, describeTemplate, shortStepName } from '../workflow-steps';

import { StepIconButton } from './step-icon-button';

/** Which Move button to focus once the step has reached `index`. */
export interface FocusRequest {
  id: string;
  index: number;
  which: 'up' | 'down';
}

interface WorkflowStepItemProps {
  step: WorkflowAction;
  isFirst: boolean;
  isLast: boolean;
  onMoveUp: () => void;
  onMoveDown: () => void;
  onEdit: () => void;
  onRemove: () => void;
  isRemoving: boolean;
  focusRequest: FocusRequest | null;
  onFocusDone: () => void;
}

/** "7 days after the due date — Firm reminder (Reminder, Firm)", with its handle and buttons. */
export function WorkflowStepItem(props: WorkflowStepItemProps) {
  const { step, isFirst, isLast, onMoveUp, onMoveDown, onEdit, onRemove, isRemoving, focusRequest, onFocusDone } = props;
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: step.id });
  const upRef = useRef<HTMLButtonElement>(null);
  const downRef = useRef<HTMLButtonElement>(null);
  const name = shortStepName(step);
  // A role that may not change workflows reads the steps without the handles to change them (decision 0024).
  const { allowed: canEdit } = usePermission('workflows');

  useEffect(() => {
    if (!focusRequest) return;
    // At the top or bottom the pressed button is disabled: focus its twin instead.
    const wanted = focusRequest.which === 'up' ? (isFirst ? downRef : upRef) : isLast ? upRef : downRef;
    wanted.current?.focus();
    onFocusDone();
  }, [focusRequest, isFirst, isLast, onFocusDone]);

  return (
    <Box
      component="li"
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      sx={{
        display: 'flex',
        alignItems: 'center',
        flexWrap: 'wrap',
        columnGap: 1,
        py: 0.75,
        pl: canEdit ? 0.5 : 1.5,
        pr: 1,
        border: 1,
        borderColor: isDragging ? 'primary.main' : 'divider',
        borderRadius: 3,
        bgcolor: 'background.paper',
        position: 'relative',
        zIndex: isDragging ? 1 : 'auto',
        boxShadow: isDragging ? 6 : 'none',
      }}
    >
      {canEdit ? (
        <IconButton
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          aria-label={`Reorder: ${name}`}
          size="small"
          sx={{ cursor: isDragging ? 'grabbing' : 'grab', touchAction: 'none' }}
        >
          <DragIndicatorRounded fontSize="small" />
        </IconButton>
      ) : null}
      <Typography sx={{ flex: '1 1 220px', minWidth: 0, py: 0.5, overflowWrap: 'anywhere' }}>
        <Box component="span" sx={{ fontWeight: 600 }}>
          {describeDelay(step.delay_days)}
        </Box>
        {' — '}
        {describeTemplate(step)}
        {step.repeat_days ? `, then every ${step.repeat_days} days` : ''}
      </Typography>
      {canEdit ? (
        <Stack direction="row" spacing={0.25} sx={{ ml: 'auto' }}>
          <StepIconButton ref={upRef} label={`Move up: ${name}`} tooltip="Move up" disabled={isFirst} onClick={onMoveUp}>
            <ArrowUpwardRounded fontSize="small" />
          </StepIconButton>
          <StepIconButton ref={downRef} label={`Move down: ${name}`} tooltip="Move down" disabled={isLast} onClick={onMoveDown}>
            <ArrowDownwardRounded fontSize="small" />
          </StepIconButton>
          <StepIconButton label={`Edit: ${name}`} tooltip="Edit" onClick={onEdit}>
            <EditRounded fontSize="small" />
          </StepIconButton>
          <StepIconButton label={`Remove: ${name}`} tooltip="Remove" disabled={isRemoving} onClick={onRemove}>
            <DeleteOutlineRounded fontSize="small" />
          </StepIconButton>
        </Stack>
      ) : null}
    </Box>
  );
}
