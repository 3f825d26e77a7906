import Tooltip from '@mui/material/Tooltip';
import type { ReactElement } from 'react';

/**
 * A control the person's role may not use (decision 0024), shown disabled with the reason on hover
 * and on focus, so it never looks broken. The child is passed already disabled; with no reason it
 * is returned as it is.
 *
 * A disabled button fires no pointer or focus events, so the tooltip listens on a wrapping span
 * (MUI's own advice); the span takes keyboard focus in the button's place, so the reason is not
 * for mouse users only.
 */
export function WhyDisabled({ reason, children }: { reason: string | null; children: ReactElement }) {
  if (!reason) return children;
  return (
    <Tooltip title={reason} describeChild>
      <span tabIndex={0} style={{ display: 'inline-flex', flex: 'none', borderRadius: 4 }}>
        {children}
      </span>
    </Tooltip>
  );
}
