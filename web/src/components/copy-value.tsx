import ContentCopyRounded from '@mui/icons-material/ContentCopyRounded';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId } from 'react';

import { useNotify } from '../lib/use-notify';

/** A labelled value to paste elsewhere (a DNS record), shown whole and copied with one button. */
export function CopyValue({ label, value }: { label: string; value: string }) {
  const notify = useNotify();
  const labelId = useId();
  const copy = () =>
    navigator.clipboard.writeText(value).then(
      () => notify(`${label} copied`, 'success'),
      () => notify('Could not copy: select the text and copy it instead', 'error'),
    );
  return (
    <div>
      <Typography id={labelId} variant="body2" color="text.secondary" sx={{ fontWeight: 500 }}>
        {label}
      </Typography>
      <Stack direction="row" sx={{ alignItems: 'flex-start', gap: 1 }}>
        <Box
          component="code"
          aria-labelledby={labelId}
          sx={{
            flex: 1,
            minWidth: 0,
            p: 1,
            borderRadius: 1,
            bgcolor: 'action.hover',
            fontFamily: 'monospace',
            fontSize: '0.8125rem',
            overflowWrap: 'anywhere',
            userSelect: 'all',
          }}
        >
          {value}
        </Box>
        <Tooltip title={`Copy ${label.toLowerCase()}`}>
          <IconButton onClick={() => void copy()} aria-label={`Copy ${label.toLowerCase()}`} size="small">
            <ContentCopyRounded fontSize="small" />
          </IconButton>
        </Tooltip>
      </Stack>
    </div>
  );
}
