import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { describeProblems, readImportRow, type ImportMapping, type ImportReadOptions } from '@receivables/contracts';

import { InvoiceStatusChip } from '../../../components/invoice-status-chip';
import { ScrollRegion } from '../../../components/scroll-region';
import { formatLongDate, formatMoney } from '../../../lib/format';

interface ImportPreviewTableProps {
  preview: readonly (readonly string[])[];
  mapping: ImportMapping;
  options: ImportReadOptions;
}

const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** The first rows of the file read exactly as the import will read them, refusals included. */
export function ImportPreviewTable({ preview, mapping, options }: ImportPreviewTableProps) {
  if (preview.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
        The file has a header row but no rows to preview.
      </Typography>
    );
  }
  return (
    <ScrollRegion label="Preview, scrolls sideways">
      <Table aria-label="Preview" size="small" sx={{ '& th, & td': { px: { xs: 0.75, sm: 1.5 } }, '& th': { whiteSpace: 'nowrap' } }}>
        <TableHead>
          <TableRow>
            <TableCell align="right">Row</TableCell>
            <TableCell>Customer</TableCell>
            <TableCell>Invoice</TableCell>
            <TableCell>Due date</TableCell>
            <TableCell align="right">Total</TableCell>
            <TableCell align="right">Outstanding</TableCell>
            <TableCell>Status</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {preview.map((cells, index) => {
            // As a spreadsheet numbers it: the header is row 1.
            const rowNumber = index + 2;
            const result = readImportRow(cells, mapping, options);
            if (!result.ok) {
              return (
                <TableRow key={rowNumber}>
                  <TableCell align="right" sx={numeric}>{rowNumber}</TableCell>
                  <TableCell colSpan={6} sx={{ color: 'error.main' }}>
                    {/* Narrow on phones, so the reason wraps where it can be read without scrolling. */}
                    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', maxWidth: { xs: 260, sm: 'none' } }}>
                      <ErrorOutlineRounded fontSize="small" sx={{ mt: '1px' }} aria-hidden />
                      <span>
                        <Box component="strong" sx={{ fontWeight: 600 }}>Not imported:</Box> {describeProblems(result.problems)}
                      </span>
                    </Box>
                  </TableCell>
                </TableRow>
              );
            }
            const { customer, invoice } = result.row;
            return (
              <TableRow key={rowNumber}>
                <TableCell align="right" sx={numeric}>{rowNumber}</TableCell>
                <TableCell sx={{ minWidth: 140, overflowWrap: 'anywhere' }}>{customer.name}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{invoice.number}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatLongDate(invoice.dueDate)}</TableCell>
                <TableCell align="right" sx={numeric}>{formatMoney(invoice.amountDue, invoice.currency)}</TableCell>
                <TableCell align="right" sx={numeric}>{formatMoney(invoice.amountRemaining, invoice.currency)}</TableCell>
                <TableCell>
                  <InvoiceStatusChip status={invoice.status} />
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </ScrollRegion>
  );
}
