import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** One term and its value in a card's description list; `code` sets the value as machine text (a header, a server's words). */
export function EventFact({ label, code = false, children }: { label: string; code?: boolean; children: ReactNode }) {
  return (
    <div>
      <Typography variant="body2" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography
        component="dd"
        sx={{ m: 0, overflowWrap: 'anywhere', ...(code ? { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: '0.875rem' } : {}) }}
      >
        {children}
      </Typography>
    </div>
  );
}
