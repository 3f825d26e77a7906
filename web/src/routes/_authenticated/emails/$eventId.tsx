import { createFileRoute } from '@tanstack/react-router';

import { PlaceholderPage } from '../../../components/placeholder-page';

export const Route = createFileRoute('/_authenticated/emails/$eventId')({
  component: () => (
    <PlaceholderPage
      title="Email"
      description="One email event: what was sent or received, to whom, and when."
      points={[
        'The subject, recipients and rendered message.',
        'Its status (pending, sent, drafted, failed, superseded or received) and the workflow step that caused it.',
        'For a pending email: send it now or stop it.',
      ]}
    />
  ),
});
