import Tooltip from '@mui/material/Tooltip';
import { useState, type ReactElement } from 'react';

interface OverflowTooltipProps {
  /** The full text, shown when the child is cut short. */
  title: string;
  /** One element that holds only text and cuts it with an ellipsis (and takes a ref). */
  children: ReactElement;
}

/** Cut sideways by an ellipsis, or below by a line clamp. */
function isCut(element: HTMLElement): boolean {
  return element.scrollWidth > element.clientWidth || element.scrollHeight > element.clientHeight;
}

/**
 * The full text of a cell cut with an ellipsis, on hover or focus, and only when it was cut: a
 * tooltip repeating what is already readable would just cover the next row. The text stays whole
 * in the page, so screen readers read it all either way.
 */
export function OverflowTooltip({ title, children }: OverflowTooltipProps) {
  const [open, setOpen] = useState(false);
  return (
    <Tooltip
      title={title}
      open={open}
      describeChild
      // It only shows text: the pointer passes through it to the row underneath.
      disableInteractive
      onOpen={(event) => {
        // The child holds only text, so the event's target is the child itself (its currentTarget
        // is gone by now: MUI opens after a delay, once React has finished with the event).
        const element = event.target;
        if (element instanceof HTMLElement && isCut(element)) setOpen(true);
      }}
      onClose={() => setOpen(false)}
    >
      {children}
    </Tooltip>
  );
}
