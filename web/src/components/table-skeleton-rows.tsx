import Skeleton from '@mui/material/Skeleton';
import type { SxProps, Theme } from '@mui/material/styles';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';

/**
 * Placeholder rows while a table's first page loads; hidden from assistive technology. `cellSx`
 * styles each column's cell, so a column the table hides on a phone is hidden here too.
 */
export function TableSkeletonRows({ rows = 3, columns, cellSx }: { rows?: number; columns: number; cellSx?: readonly SxProps<Theme>[] }) {
  return Array.from({ length: rows }, (_, index) => (
    <TableRow key={index} aria-hidden>
      {Array.from({ length: columns }, (_cell, column) => (
        <TableCell key={column} sx={cellSx?.[column]}>
          <Skeleton variant="text" />
        </TableCell>
      ))}
    </TableRow>
  ));
}
