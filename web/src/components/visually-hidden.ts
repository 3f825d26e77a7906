import type { SxProps } from '@mui/material/styles';

/** Read by screen readers, not drawn: live regions and words that a layout already shows by position. */
export const VISUALLY_HIDDEN: SxProps = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
};
