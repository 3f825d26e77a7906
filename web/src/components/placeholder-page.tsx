import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

import { PageHeader } from './page-header';

interface PlaceholderPageProps {
  title: string;
  description: string;
  /** What the finished screen will let people do, as short points. */
  points: string[];
  children?: ReactNode;
}

/** A tidy page for a screen whose full contents land in a later change. */
export function PlaceholderPage({ title, description, points, children }: PlaceholderPageProps) {
  return (
    <>
      <PageHeader title={title} description={description} />
      {children}
      <Card>
        <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
          <Typography variant="h2" component="h2" sx={{ fontSize: '1.125rem', mb: 1.5 }}>
            On this page
          </Typography>
          <Typography component="ul" sx={{ m: 0, pl: 2.5, '& li + li': { mt: 1 } }}>
            {points.map((point) => (
              <li key={point}>{point}</li>
            ))}
          </Typography>
        </CardContent>
      </Card>
    </>
  );
}
