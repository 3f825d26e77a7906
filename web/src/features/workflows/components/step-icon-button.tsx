import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { ReactNode, Ref } from 'react';

interface StepIconButtonProps {
  /** The accessible name, naming the step: "Move up: 7 days after the due date — Firm reminder". */
  label: string;
  /** The short word shown on hover and focus. */
  tooltip: string;
  disabled?: boolean;
  onClick: () => void;
  ref?: Ref<HTMLButtonElement>;
  children: ReactNode;
}

/** A small icon button of a step row; the tooltip is left off while disabled (a disabled button gets no hover). */
export function StepIconButton({ label, tooltip, disabled = false, onClick, ref, children }: StepIconButtonProps) {
  const button = (
    <IconButton ref={ref} aria-label={label} size="small" disabled={disabled} onClick={onClick}>
      {children}
    </IconButton>
  );
  return disabled ? button : <Tooltip title={tooltip}>{button}</Tooltip>;
}
