import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { EMAIL_KIND_LABELS, type EmailTemplate, TONE_LABELS, VARIATION_LABELS } from '@receivables/contracts';

import { usedByText } from '../template-labels';

/** Read by screen readers, not shown: the actions column needs a name but no visible heading. */
const visuallyHidden = { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

// Phones keep the name (with tone and kind under it), use and actions; the rest would scroll sideways.
const wide = { display: { xs: 'none', md: 'table-cell' } } as const;

interface TemplateTableProps {
  templates: EmailTemplate[];
  /** Absent for a role that may not write templates: the names are text and there are no actions. */
  onEdit: ((template: EmailTemplate) => void) | undefined;
  onDelete: ((template: EmailTemplate) => void) | undefined;
}

/** The organisation's templates: name, tone, reminder or escalation, variation and how many steps send it. */
export function TemplateTable({ templates, onEdit, onDelete }: TemplateTableProps) {
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table aria-label="Email templates" sx={{ '& th, & td': { px: { xs: 1, sm: 2 } }, '& th': { whiteSpace: 'nowrap' } }}>
        <TableHead>
          <TableRow>
            <TableCell>Name</TableCell>
            <TableCell sx={wide}>Tone</TableCell>
            <TableCell sx={wide}>Type</TableCell>
            <TableCell sx={wide}>Variation</TableCell>
            <TableCell>Use</TableCell>
            <TableCell align="right">
              <Box component="span" sx={visuallyHidden}>
                Actions
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {templates.map((template) => (
            <TableRow key={template.id} hover>
              <TableCell>
                {onEdit ? (
                  <Link component="button" type="button" onClick={() => onEdit(template)} sx={{ textAlign: 'left', fontWeight: 500 }}>
                    {template.name}
                  </Link>
                ) : (
                  <Typography component="span" sx={{ fontWeight: 500 }}>
                    {template.name}
                  </Typography>
                )}
                <Typography variant="body2" color="text.secondary" sx={{ display: { md: 'none' } }}>
                  {TONE_LABELS[template.tone]} · {EMAIL_KIND_LABELS[template.kind]}
                </Typography>
              </TableCell>
              <TableCell sx={wide}>{TONE_LABELS[template.tone]}</TableCell>
              <TableCell sx={wide}>{EMAIL_KIND_LABELS[template.kind]}</TableCell>
              <TableCell sx={wide}>{VARIATION_LABELS[template.variation]}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap', color: template.used_by === 0 ? 'text.secondary' : undefined }}>
                {usedByText(template.used_by)}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {onEdit ? (
                  <IconButton aria-label={`Edit ${template.name}`} onClick={() => onEdit(template)} size="small">
                    <EditOutlined fontSize="small" />
                  </IconButton>
                ) : null}
                {onDelete ? (
                  <IconButton aria-label={`Delete ${template.name}`} onClick={() => onDelete(template)} size="small">
                    <DeleteOutlineRounded fontSize="small" />
                  </IconButton>
                ) : null}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
