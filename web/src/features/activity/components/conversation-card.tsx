import AutoModeRounded from '@mui/icons-material/AutoModeRounded';
import CallReceivedRounded from '@mui/icons-material/CallReceivedRounded';
import SendRounded from '@mui/icons-material/SendRounded';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ThreadEntry } from '@receivables/contracts';

import { RouterLink } from '../../../components/router-link';
import { SectionCard } from '../../../components/section-card';
import { formatEventInstant } from '../event-words';

/** Which way an email of the conversation went, in words and an icon. */
function describeDirection(entry: ThreadEntry) {
  if (entry.direction === 'outbox') return { word: 'Sent', Icon: SendRounded };
  if (entry.inbound_kind === 'auto_reply') return { word: 'Auto-reply', Icon: AutoModeRounded };
  return { word: 'Received', Icon: CallReceivedRounded };
}

/** "Priya Natarajan" of "Priya Natarajan <priya@…>" (the list is narrow); an address alone as it is. */
const senderName = (from: string): string => /^\s*"?([^"<]+?)"?\s*<[^>]+>\s*$/.exec(from)?.[1] ?? from;

function ConversationEntry({ entry, isCurrent, timeZone }: { entry: ThreadEntry; isCurrent: boolean; timeZone: string }) {
  const { word, Icon } = describeDirection(entry);
  return (
    <Stack
      component="li"
      direction="row"
      spacing={1.5}
      // This one by a bar in the primary colour beside it: a tint under the link would dim its contrast.
      sx={{ py: 1.25, pl: 1.25, pr: 1, borderLeft: 3, borderColor: isCurrent ? 'primary.main' : 'transparent' }}
    >
      <Icon fontSize="small" color={entry.direction === 'outbox' ? 'primary' : 'action'} aria-hidden sx={{ mt: 0.25 }} />
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography variant="body2" color="text.secondary" sx={{ fontSize: '0.75rem' }}>
          {word} · <time dateTime={entry.at}>{formatEventInstant(entry.at, timeZone)}</time>
        </Typography>
        <RouterLink
          to="/emails/$eventId"
          params={{ eventId: entry.event_id }}
          aria-current={isCurrent ? 'page' : undefined}
          sx={{ display: 'block', fontWeight: isCurrent ? 700 : 500, overflowWrap: 'anywhere' }}
        >
          {entry.subject}
        </RouterLink>
        {entry.from ? (
          <Typography variant="body2" color="text.secondary" title={entry.from} sx={{ overflowWrap: 'anywhere' }}>
            {senderName(entry.from)}
          </Typography>
        ) : null}
        {isCurrent ? (
          <Typography variant="body2" sx={{ fontSize: '0.75rem', fontWeight: 600 }}>
            This email
          </Typography>
        ) : null}
      </Box>
    </Stack>
  );
}

/** The email we sent and every answer to it, oldest first, each a link to its page; this one marked. */
export function ConversationCard({ thread, currentId, timeZone }: { thread: ThreadEntry[]; currentId: string; timeZone: string }) {
  return (
    <SectionCard title="Conversation">
      <Box component="ol" aria-label="Emails of the conversation" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {thread.map((entry) => (
          <ConversationEntry key={entry.event_id} entry={entry} isCurrent={entry.event_id === currentId} timeZone={timeZone} />
        ))}
      </Box>
    </SectionCard>
  );
}
