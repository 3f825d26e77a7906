import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';

interface SectionCardProps {
  title: string;
  /** Next to the title; it wraps under it on a phone. */
  titleAside?: ReactNode;
  description?: string;
  /** Buttons at the right of the title; they wrap under it when the row is too narrow. */
  actions?: ReactNode;
  children: ReactNode;
}

/** A titled card that is one section of a page, named by its heading for assistive technology. */
export function SectionCard({ title, titleAside, description, actions, children }: SectionCardProps) {
  const headingId = useId();
  return (
    <Card component="section" aria-labelledby={headingId} sx={{ minWidth: 0 }}>
      <CardContent sx={{ p: { xs: 2, sm: 3 }, '&:last-child': { pb: { xs: 2, sm: 3 } } }}>
        <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: 2 }}>
          <Box sx={{ flex: '1 1 320px', minWidth: 0 }}>
            <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
              <Typography id={headingId} variant="h2" sx={{ fontSize: '1.25rem' }}>
                {title}
              </Typography>
              {titleAside}
            </Stack>
            {description ? (
              <Typography color="text.secondary" sx={{ mt: 0.5 }}>
                {description}
              </Typography>
            ) : null}
          </Box>
          {actions}
        </Stack>
        {children}
      </CardContent>
    </Card>
  );
}
