import type { Breakpoint, Theme } from '@mui/material/styles';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import useMediaQuery from '@mui/material/useMediaQuery';

import { CUSTOMER_COLUMNS } from './customer-columns';

/**
 * How many columns the table shows at this width, the checkbox's included. The table lays out by
 * its columns (table-layout: fixed), so a span over hidden columns would add phantom ones that
 * squeeze the rest.
 */
function useShownColumnCount(): number {
  const up = (size: Breakpoint) => (theme: Theme) => theme.breakpoints.up(size);
  const shown: Record<string, boolean> = {
    sm: useMediaQuery(up('sm'), { noSsr: true }),
    md: useMediaQuery(up('md'), { noSsr: true }),
    lg: useMediaQuery(up('lg'), { noSsr: true }),
    xl: useMediaQuery(up('xl'), { noSsr: true }),
  };
  return 1 + CUSTOMER_COLUMNS.filter((column) => column.hideBelow === undefined || shown[column.hideBelow]).length;
}

/**
 * A heading above the first customer of each currency when the list is sorted by amount: the
 * amounts below it rank among themselves only (decision 0013). A row header for the rows that
 * follow, spanning the columns shown at this width.
 */
export function CustomerCurrencyGroupRow({ label }: { label: string }) {
  const span = useShownColumnCount();
  return (
    <TableRow>
      <TableCell
        component="th"
        scope="rowgroup"
        colSpan={span}
        sx={{
          py: '6px !important',
          px: { xs: 1.5, sm: 2 },
          bgcolor: 'action.hover',
          color: 'text.secondary',
          fontSize: '0.75rem',
          fontWeight: 600,
          letterSpacing: '0.02em',
          whiteSpace: 'nowrap',
          overflow: 'hidden',
          textOverflow: 'ellipsis',
        }}
      >
        {label}
      </TableCell>
    </TableRow>
  );
}
