import EditRounded from '@mui/icons-material/EditRounded';
import MailOutlineRounded from '@mui/icons-material/MailOutlineRounded';
import PaymentsRounded from '@mui/icons-material/PaymentsRounded';
import PhoneInTalkOutlined from '@mui/icons-material/PhoneInTalkOutlined';
import ReceiptLongRounded from '@mui/icons-material/ReceiptLongRounded';
import StickyNote2Outlined from '@mui/icons-material/StickyNote2Outlined';
import SwapVertRounded from '@mui/icons-material/SwapVertRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TimelineItem } from '@receivables/contracts';
import type { ReactElement } from 'react';

import { RouterLink } from '../../../components/router-link';
import { useCustomerTimeline } from '../api/get-customer-timeline';
import { describeTimelineLine, type TimelineLine, timelineLines } from '../timeline-lines';
import { describeTimelineActor, describeTimelineWhen, timelineEventId } from '../timeline-text';

import { CustomerSectionCard, EmptyNote } from './customer-section-card';

const ICONS: Record<TimelineItem['kind'], ReactElement> = {
  standing_transition: <SwapVertRounded fontSize="small" />,
  payment: <PaymentsRounded fontSize="small" />,
  invoice: <ReceiptLongRounded fontSize="small" />,
  edit: <EditRounded fontSize="small" />,
  email: <MailOutlineRounded fontSize="small" />,
  note: <StickyNote2Outlined fontSize="small" />,
};

/** A logged call is a phone, a written note a note (decision 0043). */
const CALL_ICON = <PhoneInTalkOutlined fontSize="small" />;

/** One line of the story: what happened, when, and who did it; a run of repeated edits said once (decision 0041). */
function TimelineEntry({ line }: { line: TimelineLine }) {
  const { item } = line;
  const text = describeTimelineLine(line);
  const actor = describeTimelineActor(item);
  const eventId = timelineEventId(item);
  return (
    <Stack component="li" direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
      <Box
        aria-hidden
        sx={{ display: 'grid', placeItems: 'center', width: 32, height: 32, flex: 'none', borderRadius: '50%', bgcolor: 'action.selected', color: 'text.secondary' }}
      >
        {item.kind === 'note' && item.note_kind === 'call' ? CALL_ICON : ICONS[item.kind]}
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ overflowWrap: 'anywhere' }}>
          {/*
            An email opens its page: the email itself, its history, and Cancel while it is planned;
            what a received email caused (a pause on reply, a triage action) opens that email.
          */}
          {eventId ? (
            <RouterLink to="/emails/$eventId" params={{ eventId }}>
              {text}
            </RouterLink>
          ) : (
            text
          )}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          <time dateTime={item.kind === 'invoice' ? item.issued_on : item.at}>{describeTimelineWhen(item)}</time>
          {actor ? ` · ${actor}` : null}
        </Typography>
      </Box>
    </Stack>
  );
}

/** Everything that happened to the customer, newest first, a page at a time, and who did it. */
export function CustomerTimelineCard({ customerId }: { customerId: string }) {
  const timeline = useCustomerTimeline(customerId);
  const items = timeline.data?.pages.flatMap((page) => page.rows) ?? [];
  return (
    <CustomerSectionCard title="Timeline" query={timeline}>
      {items.length === 0 ? (
        <EmptyNote>Nothing has happened yet</EmptyNote>
      ) : (
        <Stack component="ul" aria-label="Timeline" spacing={2} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {timelineLines(items).map((line) => (
            <TimelineEntry key={`${line.item.kind}-${line.item.id}`} line={line} />
          ))}
        </Stack>
      )}
      {timeline.hasNextPage ? (
        <Button onClick={() => void timeline.fetchNextPage()} disabled={timeline.isFetchingNextPage} sx={{ mt: 2 }}>
          {timeline.isFetchingNextPage ? 'Loading…' : 'Load more'}
        </Button>
      ) : null}
    </CustomerSectionCard>
  );
}
