import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type AuditEntry, auditFieldChanges, auditSentence } from '@receivables/contracts';

import { RouterLink } from '../../../components/router-link';
import { formatDateTime } from '../../../lib/format';

/** Who made the change, as the subject of its sentence. */
function actorName(entry: AuditEntry): string {
  if (entry.actor === null) return 'The system';
  return entry.actor.name ?? entry.actor.email ?? 'A former user';
}

/** "Jo Bloggs changed the sending mode from Dry run to Sending", the customer a link to their page. */
function AuditSentence({ entry }: { entry: AuditEntry }) {
  return (
    <Typography sx={{ overflowWrap: 'anywhere' }}>
      <Box component="strong" sx={{ fontWeight: 600 }}>
        {actorName(entry)}
      </Box>{' '}
      {auditSentence(entry).map((part, index) => {
        if (typeof part === 'string') return part;
        const { customer } = entry;
        if (!customer) return 'a customer';
        return (
          // Underlined: inside a sentence, colour alone does not tell a link from the words around it.
          <RouterLink key={index} to="/customers/$customerId" params={{ customerId: customer.id }} underline="always">
            {customer.name ?? 'a former customer'}
          </RouterLink>
        );
      })}
    </Typography>
  );
}

/** The fields it changed: before → after, or what a creation set and a deletion removed. */
function AuditChanges({ entry }: { entry: AuditEntry }) {
  // In words (decision 0041): names for ids, days, money and statuses as the screens say them, no "none → none".
  const changes = auditFieldChanges(entry);
  if (changes.length === 0) return null;
  const shows = (change: (typeof changes)[number]) => {
    if (entry.before === null) return change.after;
    if (entry.after === null) return change.before;
    // Set where there was nothing: "15 December 2026", not "none → 15 December 2026".
    if (change.before === 'none') return change.after;
    return `${change.before} → ${change.after}`;
  };
  return (
    <Box component="dl" sx={{ m: 0, mt: 1, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'minmax(120px, max-content) 1fr' }, columnGap: 2 }}>
      {changes.map((change) => (
        <Box key={change.field} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {change.label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, mb: { xs: 0.75, sm: 0.25 }, overflowWrap: 'anywhere' }}>
            {shows(change)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** One entry of the log as a card: the sentence, when, and the fields it changed. */
export function AuditEntryItem({ entry }: { entry: AuditEntry }) {
  return (
    <Stack component="li" spacing={0.5} sx={{ p: { xs: 1.5, sm: 2 }, border: 1, borderColor: 'divider', borderRadius: 2 }}>
      <AuditSentence entry={entry} />
      <Typography variant="body2" color="text.secondary">
        <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
        {entry.actor?.email && entry.actor.name ? ` · ${entry.actor.email}` : null}
      </Typography>
      <AuditChanges entry={entry} />
    </Stack>
  );
}
