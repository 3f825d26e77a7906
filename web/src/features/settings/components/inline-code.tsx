import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** A name to type as it is, inside a sentence: a header, a setting, an address pattern. */
export function InlineCode({ children }: { children: ReactNode }) {
  return (
    <Box component="code" sx={{ fontFamily: 'monospace', fontSize: '0.875em', px: 0.5, borderRadius: 0.5, bgcolor: 'action.hover', overflowWrap: 'anywhere' }}>
      {children}
    </Box>
  );
}
