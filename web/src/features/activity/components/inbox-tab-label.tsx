import Box from '@mui/material/Box';

import { VISUALLY_HIDDEN } from '../../../components/visually-hidden';
import { formatCount } from '../../../lib/format';
import { describeUnread } from '../inbound-words';

/** "Inbox", with the number of unread replies beside it when there are any (read aloud in words). */
export function InboxTabLabel({ label, unread }: { label: string; unread: number }) {
  if (unread <= 0) return label;
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
      {label}{' '}
      <Box
        component="span"
        aria-hidden
        sx={{ minWidth: 20, height: 20, px: 0.75, borderRadius: 10, bgcolor: 'primary.main', color: 'primary.contrastText', fontSize: '0.75rem', fontWeight: 700, lineHeight: '20px', textAlign: 'center' }}
      >
        {formatCount(unread)}
      </Box>
      <Box component="span" sx={VISUALLY_HIDDEN}>
        {`(${describeUnread(unread)})`}
      </Box>
    </Box>
  );
}
