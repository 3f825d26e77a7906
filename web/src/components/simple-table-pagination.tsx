import TablePagination from '@mui/material/TablePagination';

interface SimpleTablePaginationProps {
  total: number;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
}

/** Previous / next for a card's table with a fixed page size; nothing when it all fits on one page. */
export function SimpleTablePagination({ total, page, pageSize, onPage }: SimpleTablePaginationProps) {
  if (total <= pageSize) return null;
  return (
    <TablePagination
      component="div"
      count={total}
      page={page}
      rowsPerPage={pageSize}
      rowsPerPageOptions={[]}
      onPageChange={(_event, next) => onPage(next)}
      sx={{ '& .MuiTablePagination-toolbar': { px: { xs: 1, sm: 2 } } }}
    />
  );
}
