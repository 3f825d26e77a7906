import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { MERGE_FIELDS } from '@receivables/contracts';
import { useId } from 'react';

import type { SourceField } from '../template-form-values';

interface MergeFieldListProps {
  /** Where "Insert" puts the snippet: the subject or body field focused last. */
  target: SourceField;
  onInsert: (snippet: string) => void;
}

/** Every merge field with what it holds and an "Insert" button (docs/email-tones.md, Merge fields). */
export function MergeFieldList({ target, onInsert }: MergeFieldListProps) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h3" sx={{ fontSize: '1rem' }}>
        Merge fields
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Filled in from each customer’s data. Insert puts one at the cursor in the {target}.
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, border: 1, borderColor: 'divider', borderRadius: 2 }}>
        {MERGE_FIELDS.map((field) => (
          <Box
            component="li"
            key={field.name}
            sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 1.5, py: 0.5, '& + li': { borderTop: 1, borderColor: 'divider' } }}
          >
            <Box sx={{ flexGrow: 1, minWidth: 0 }}>
              <Typography variant="body2">{field.label}</Typography>
              <Typography variant="body2" component="code" color="text.secondary" sx={{ fontFamily: 'monospace', fontSize: '0.8125rem', overflowWrap: 'anywhere' }}>
                {field.snippet}
              </Typography>
            </Box>
            <Button size="small" variant="outlined" onClick={() => onInsert(field.snippet)} aria-label={`Insert ${field.label}`} sx={{ flexShrink: 0 }}>
              Insert
            </Button>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
