import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';

import { formatLongDate } from '../../../lib/format';
import type { StaticPageContent } from '../content/types';

/** A legal page: readable line length, headings in order. */
export function StaticPage({ page }: { page: StaticPageContent }) {
  return (
    <Card component="article" sx={{ maxWidth: 820 }}>
      <CardContent sx={{ p: { xs: 2.5, sm: 5 }, '&:last-child': { pb: { xs: 3, sm: 5 } } }}>
        <Typography variant="h1">{page.title}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Last updated {formatLongDate(page.updated)}
        </Typography>
        <Typography sx={{ mt: 3, lineHeight: 1.7 }}>{page.intro}</Typography>
        {page.sections.map((section) => (
          <section key={section.heading}>
            <Typography variant="h2" sx={{ mt: 4, mb: 1.5, fontSize: '1.25rem' }}>
              {section.heading}
            </Typography>
            {section.paragraphs?.map((paragraph) => (
              <Typography key={paragraph} sx={{ mb: 1.5, lineHeight: 1.7 }}>
                {paragraph}
              </Typography>
            ))}
            {section.bullets ? (
              <Typography component="ul" sx={{ pl: 3, my: 1.5, lineHeight: 1.7, '& li + li': { mt: 0.75 } }}>
                {section.bullets.map((bullet) => (
                  <li key={bullet}>{bullet}</li>
                ))}
              </Typography>
            ) : null}
          </section>
        ))}
      </CardContent>
    </Card>
  );
}
