import TableContainer from '@mui/material/TableContainer';
import type { ReactNode } from 'react';

/**
 * A wide table's own sideways scroll, so a phone scrolls the table and not the page. It takes
 * focus and has a name, so keyboard users can scroll it too (WCAG 2.1.1; axe's
 * scrollable-region-focusable).
 */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <TableContainer
      role="region"
      aria-label={label}
      tabIndex={0}
      sx={{
        overflowX: 'auto',
        maxWidth: '100%',
        borderRadius: 1,
        '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    >
      {children}
    </TableContainer>
  );
}
