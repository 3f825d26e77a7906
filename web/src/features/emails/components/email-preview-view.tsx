import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { EmailRecipient, EmailTemplatePreview } from '@receivables/contracts';
import { useState } from 'react';

type PreviewFormat = 'html' | 'text';

const recipients = (list: EmailRecipient[]) => list.map((r) => (r.name ? `${r.name} <${r.email}>` : r.email)).join(', ');

/**
 * One rendered email: subject, who it goes to, and the HTML or the plain-text part. The HTML sits
 * in an iframe with an empty sandbox (no script, no same-origin, no navigation of the app) and
 * inherits the app's Content-Security-Policy, so nothing in an email can reach the page.
 */
export function EmailPreviewView({ preview, customerName }: { preview: EmailTemplatePreview; customerName: string }) {
  const [format, setFormat] = useState<PreviewFormat>('html');
  return (
    <Stack spacing={1.5}>
      {preview.problem ? <Alert severity="warning">{preview.problem}. It would not be sent to this customer.</Alert> : null}
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', columnGap: 1.5, rowGap: 0.5 }}>
        <Typography component="dt" variant="body2" color="text.secondary">
          Subject
        </Typography>
        <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 600, overflowWrap: 'anywhere' }} data-testid="preview-subject">
          {preview.subject}
        </Typography>
        <Typography component="dt" variant="body2" color="text.secondary">
          To
        </Typography>
        <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
          {preview.to.length > 0 ? recipients(preview.to) : 'Nobody'}
        </Typography>
        {preview.cc.length > 0 ? (
          <>
            <Typography component="dt" variant="body2" color="text.secondary">
              Cc
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {recipients(preview.cc)}
            </Typography>
          </>
        ) : null}
      </Box>
      <ToggleButtonGroup
        value={format}
        exclusive
        size="small"
        onChange={(_event, next: PreviewFormat | null) => {
          if (next) setFormat(next);
        }}
        aria-label="Preview format"
      >
        <ToggleButton value="html">Email</ToggleButton>
        <ToggleButton value="text">Plain text</ToggleButton>
      </ToggleButtonGroup>
      {format === 'html' ? (
        <Box
          component="iframe"
          title={`Email to ${customerName}`}
          sandbox=""
          srcDoc={preview.html}
          sx={{ width: '100%', height: { xs: 420, md: 520 }, border: 1, borderColor: 'divider', borderRadius: 2, bgcolor: '#ffffff', display: 'block' }}
        />
      ) : (
        <Box
          component="pre"
          // Scrollable, so it must be reachable by keyboard; a region, so it can carry a name.
          tabIndex={0}
          role="region"
          aria-label={`Plain text of the email to ${customerName}`}
          sx={{
            m: 0,
            p: 2,
            height: { xs: 420, md: 520 },
            overflow: 'auto',
            whiteSpace: 'pre-wrap',
            overflowWrap: 'anywhere',
            fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
            fontSize: '0.8125rem',
            border: 1,
            borderColor: 'divider',
            borderRadius: 2,
          }}
        >
          {preview.text}
        </Box>
      )}
    </Stack>
  );
}
