import { createFileRoute } from '@tanstack/react-router';

import { PlaceholderPage } from '../../components/placeholder-page';

export const Route = createFileRoute('/_authenticated/settings')({
  component: () => (
    <PlaceholderPage
      title="Settings"
      description="How your organisation sends reminders and where its data comes from."
      points={[
        'Sending mode: sending, dry run (emails are prepared but not sent) or disabled. New organisations start in dry run.',
        'Sender name, reply-to address, signature, time zone and the hours in which emails may go out.',
        'Connected payment provider accounts and their last sync.',
        'Email templates in each tone: friendly reminder, urgent, firm and relationship-building.',
      ]}
    />
  ),
});
