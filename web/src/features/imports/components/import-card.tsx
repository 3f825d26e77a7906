import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';

interface ImportCardProps {
  title: string;
  /** One line under the title. */
  description?: ReactNode;
  /** A button or two at the right of the title; below it on phones. */
  action?: ReactNode;
  children: ReactNode;
}

/** One titled section of the import screen, spaced like the customer page's cards. */
export function ImportCard({ title, description, action, children }: ImportCardProps) {
  const headingId = useId();
  return (
    <Card component="section" aria-labelledby={headingId} sx={{ minWidth: 0 }}>
      <CardContent sx={{ p: { xs: 2, sm: 3 }, '&:last-child': { pb: { xs: 2, sm: 3 } } }}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={{ xs: 1.5, sm: 2 }}
          sx={{ alignItems: { xs: 'flex-start', sm: 'center' }, justifyContent: 'space-between', mb: 2, minHeight: 32 }}
        >
          <div>
            <Typography id={headingId} variant="h2" sx={{ fontSize: '1.25rem' }}>
              {title}
            </Typography>
            {description ? (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                {description}
              </Typography>
            ) : null}
          </div>
          {action}
        </Stack>
        {children}
      </CardContent>
    </Card>
  );
}
