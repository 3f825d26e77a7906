import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { EVENT_STATUS_LABELS, type EventHistoryEntry, STATUS_REASON_LABELS } from '@receivables/contracts';

import { SectionCard } from '../../../components/section-card';
import { formatClockInZone } from '../../../lib/format';
import { formatEventDay } from '../event-words';

/** "Ann Accountant", "System", or "A former user" for someone since removed. */
function describeActor(entry: EventHistoryEntry): string {
  if (entry.actor_id === null) return 'System';
  return entry.actor_name ?? 'A former user';
}

/** Every status the email has had, oldest first, with why in words and who. */
export function EventHistoryCard({ history, timeZone }: { history: EventHistoryEntry[]; timeZone: string }) {
  return (
    <SectionCard title="History">
      {history.length === 0 ? (
        <Typography color="text.secondary">No changes recorded.</Typography>
      ) : (
        <Box component="ol" aria-label="Status history" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {history.map((entry, index) => (
            <Box
              component="li"
              key={`${entry.at}-${index}`}
              sx={{ position: 'relative', pl: 3, pb: 2, borderLeft: 2, borderColor: 'divider', ml: 1, '&:last-child': { pb: 0.5 } }}
            >
              <Box aria-hidden sx={{ position: 'absolute', left: -7, top: 6, width: 12, height: 12, borderRadius: '50%', bgcolor: 'primary.main' }} />
              <Stack spacing={0.25}>
                <Typography sx={{ fontWeight: 600 }}>{EVENT_STATUS_LABELS[entry.status]}</Typography>
                {entry.reason ? <Typography variant="body2">{STATUS_REASON_LABELS[entry.reason]}</Typography> : null}
                <Typography variant="body2" color="text.secondary">
                  <time dateTime={entry.at}>
                    {formatEventDay(entry.at, timeZone)} at {formatClockInZone(entry.at, timeZone)}
                  </time>
                  {` · ${describeActor(entry)}`}
                </Typography>
              </Stack>
            </Box>
          ))}
        </Box>
      )}
    </SectionCard>
  );
}
