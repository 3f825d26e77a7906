import Box from '@mui/material/Box';

/** Text read aloud but not shown: the dot's meaning for a screen reader. */
export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** A dot before an unread email, which a screen reader reads as "Unread". */
export function UnreadMark() {
  return (
    <>
      <Box
        component="span"
        aria-hidden
        sx={{ display: 'inline-block', flexShrink: 0, width: 8, height: 8, borderRadius: '50%', bgcolor: 'primary.main', mr: 0.75, verticalAlign: 'middle' }}
      />
      <Box component="span" sx={visuallyHidden}>
        Unread:{' '}
      </Box>
    </>
  );
}
