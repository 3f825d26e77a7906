import ExpandLessRounded from '@mui/icons-material/ExpandLessRounded';
import ExpandMoreRounded from '@mui/icons-material/ExpandMoreRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { INBOUND_MATCH_LABELS, type InboundEmailDetail } from '@receivables/contracts';
import { useId, useState } from 'react';

import { type EmailPart, EmailPartToggle, EmailPartView } from '../../../components/email-parts';
import { SectionCard } from '../../../components/section-card';
import { formatEventInstant } from '../event-words';
import { describeMailbox } from '../inbound-words';

import { EventFact } from './event-fact';
import { HighlightedText } from './highlighted-text';
import { InboundKindChip } from './inbound-kind-chip';
import { ReplyAttachments } from './reply-attachments';

/** The message as it came: its HTML in the sandboxed frame (or its text), quoted history and all. */
function WholeMessage({ reply, subject }: { reply: InboundEmailDetail; subject: string }) {
  const [part, setPart] = useState<EmailPart>(reply.html ? 'html' : 'text');
  return (
    <Stack spacing={1.5}>
      {reply.html ? <EmailPartToggle part={part} onChange={setPart} /> : null}
      <EmailPartView part={part} html={reply.html ?? ''} text={reply.text} title={`Received email: ${subject}`} height={{ xs: 480, sm: 560 }} />
    </Stack>
  );
}

/**
 * A received email as a person reads it (decision 0021): who wrote it and when, how it found its
 * customer, its own words (the quoted history stripped, the words a suggestion was read from
 * marked), the whole message on request, and its files.
 */
export function ReplyCard({ reply, subject, timeZone }: { reply: InboundEmailDetail; subject: string; timeZone: string }) {
  const wholeId = useId();
  const [isWhole, setWhole] = useState(false);
  const visible = reply.visible_text.trim() === '' ? reply.text : reply.visible_text;
  return (
    <SectionCard title={reply.kind === 'auto_reply' ? 'The auto-reply' : 'The reply'} titleAside={<InboundKindChip kind={reply.kind} />}>
      <Stack spacing={2.5}>
        <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' } }}>
          <EventFact label="From">{describeMailbox(reply.from)}</EventFact>
          <EventFact label="Received">
            <time dateTime={reply.received_at}>{formatEventInstant(reply.received_at, timeZone)}</time>
            {` (${timeZone})`}
          </EventFact>
          <EventFact label="Subject">{subject}</EventFact>
          {reply.matched_by ? <EventFact label="Found its customer">{INBOUND_MATCH_LABELS[reply.matched_by]}</EventFact> : null}
        </Box>
        {visible.trim() === '' ? (
          <Typography color="text.secondary">The message has no text: show the whole message to see what it holds.</Typography>
        ) : (
          <Typography
            component="div"
            sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', lineHeight: 1.65, maxWidth: '72ch', p: 2, borderRadius: 2, bgcolor: 'action.hover' }}
          >
            <HighlightedText text={visible} phrases={reply.triage?.matches ?? []} />
          </Typography>
        )}
        <div>
          <Button
            size="small"
            onClick={() => setWhole((whole) => !whole)}
            aria-expanded={isWhole}
            aria-controls={wholeId}
            endIcon={isWhole ? <ExpandLessRounded /> : <ExpandMoreRounded />}
          >
            {isWhole ? 'Hide the whole message' : 'Show the whole message'}
          </Button>
          {isWhole ? (
            <Box id={wholeId} sx={{ mt: 1.5 }}>
              <WholeMessage reply={reply} subject={subject} />
            </Box>
          ) : null}
        </div>
        {reply.attachments.length > 0 ? (
          <div>
            <Typography variant="h3" sx={{ fontSize: '1rem', fontWeight: 600, mb: 0.5 }}>
              {reply.attachments.length === 1 ? '1 attachment' : `${reply.attachments.length} attachments`}
            </Typography>
            <ReplyAttachments inboundId={reply.id} attachments={reply.attachments} />
          </div>
        ) : null}
      </Stack>
    </SectionCard>
  );
}
