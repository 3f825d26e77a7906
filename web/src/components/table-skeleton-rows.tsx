import Skeleton from '@mui/material/Skeleton';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';

/** Placeholder rows while a table's first page loads; hidden from assistive technology. */
export function TableSkeletonRows({ rows = 3, columns }: { rows?: number; columns: number }) {
  return Array.from({ length: rows }, (_, index) => (
    <TableRow key={index} aria-hidden>
      {Array.from({ length: columns }, (_cell, column) => (
        <TableCell key={column}>
          <Skeleton variant="text" />
        </TableCell>
      ))}
    </TableRow>
  ));
}
