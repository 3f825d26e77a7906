import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';

import { EmailFrame } from './email-frame';

/** The two parts every email carries (docs/decisions/0015: the text part is made from the same HTML). */
export type EmailPart = 'html' | 'text';

/** Switch between an email's formatted and plain-text part; one control wherever an email is read. */
export function EmailPartToggle({ part, onChange }: { part: EmailPart; onChange: (part: EmailPart) => void }) {
  return (
    <ToggleButtonGroup
      value={part}
      exclusive
      size="small"
      onChange={(_event, next: EmailPart | null) => (next ? onChange(next) : undefined)}
      aria-label="Which part of the email"
    >
      <ToggleButton value="html">Formatted</ToggleButton>
      <ToggleButton value="text">Plain text</ToggleButton>
    </ToggleButtonGroup>
  );
}

/** The chosen part of a rendered email: the HTML in its sandboxed frame, or the text as sent. */
export function EmailPartView({
  part,
  html,
  text,
  title,
  height,
}: {
  part: EmailPart;
  html: string;
  text: string;
  title: string;
  height?: { xs: number; sm: number };
}) {
  if (part === 'html') return <EmailFrame html={html} title={title} height={height} />;
  return (
    <Typography
      component="pre"
      aria-label="Plain-text part"
      sx={{ m: 0, p: 2, border: 1, borderColor: 'divider', borderRadius: 2, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontFamily: 'ui-monospace, Menlo, Consolas, monospace', fontSize: '0.875rem' }}
    >
      {text}
    </Typography>
  );
}
