import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

interface FormCardProps {
  title: string;
  subtitle?: string;
  children: ReactNode;
  footer?: ReactNode;
}

/** The card a sign-in, sign-up or organisation form sits in, with its heading. */
export function FormCard({ title, subtitle, children, footer }: FormCardProps) {
  return (
    <Card>
      <CardContent sx={{ p: { xs: 3, sm: 4 }, '&:last-child': { pb: { xs: 3, sm: 4 } } }}>
        <Typography variant="h1" sx={{ fontSize: '1.75rem' }}>
          {title}
        </Typography>
        {subtitle ? (
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {subtitle}
          </Typography>
        ) : null}
        <div style={{ marginTop: 24 }}>{children}</div>
        {footer ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 3 }}>
            {footer}
          </Typography>
        ) : null}
      </CardContent>
    </Card>
  );
}
