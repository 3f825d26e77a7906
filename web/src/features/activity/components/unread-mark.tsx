import Box from '@mui/material/Box';

import { VISUALLY_HIDDEN } from '../../../components/visually-hidden';

/** A dot before an unread email, which a screen reader reads as "Unread". */
export function UnreadMark() {
  return (
    <>
      <Box
        component="span"
        aria-hidden
        sx={{ display: 'inline-block', flexShrink: 0, width: 8, height: 8, borderRadius: '50%', bgcolor: 'primary.main', mr: 0.75, verticalAlign: 'middle' }}
      />
      <Box component="span" sx={VISUALLY_HIDDEN}>
        Unread:{' '}
      </Box>
    </>
  );
}
