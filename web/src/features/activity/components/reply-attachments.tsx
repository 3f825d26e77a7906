import AttachFileRounded from '@mui/icons-material/AttachFileRounded';
import DownloadRounded from '@mui/icons-material/DownloadRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { InboundAttachment } from '@receivables/contracts';
import { useState } from 'react';

import { useNotify } from '../../../lib/use-notify';
import { downloadInboundAttachment } from '../api/download-inbound-attachment';
import { formatFileSize } from '../inbound-words';

function AttachmentItem({ inboundId, attachment }: { inboundId: string; attachment: InboundAttachment }) {
  const notify = useNotify();
  const [isDownloading, setDownloading] = useState(false);
  const name = attachment.filename ?? 'Unnamed file';
  const download = async () => {
    setDownloading(true);
    try {
      await downloadInboundAttachment(inboundId, attachment);
    } catch (error) {
      notify(`Could not download ${name}: ${error instanceof Error ? error.message : 'the server did not send it'}`, 'error');
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Stack
      component="li"
      direction="row"
      spacing={1.5}
      useFlexGap
      sx={{ alignItems: 'center', flexWrap: 'wrap', py: 1, borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0 } }}
    >
      <AttachFileRounded color="action" fontSize="small" aria-hidden />
      <Box sx={{ flex: '1 1 200px', minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
          {name}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ fontSize: '0.75rem', overflowWrap: 'anywhere' }}>
          {attachment.content_type} · {formatFileSize(attachment.size)}
        </Typography>
      </Box>
      {attachment.stored ? (
        <Button size="small" variant="outlined" startIcon={<DownloadRounded />} onClick={() => void download()} disabled={isDownloading} aria-label={`Download ${name}`}>
          Download
        </Button>
      ) : (
        <Typography variant="body2" color="text.secondary">
          Too large to keep
        </Typography>
      )}
    </Stack>
  );
}

/** The files that came with a message: each one's name, type and size, and a download where it was kept. */
export function ReplyAttachments({ inboundId, attachments }: { inboundId: string; attachments: InboundAttachment[] }) {
  return (
    <Box component="ul" aria-label="Attachments" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {attachments.map((attachment) => (
        <AttachmentItem key={attachment.id} inboundId={inboundId} attachment={attachment} />
      ))}
    </Box>
  );
}
