import { createFileRoute } from '@tanstack/react-router';

import { PlaceholderPage } from '../../../components/placeholder-page';

export const Route = createFileRoute('/_authenticated/customers/')({
  component: () => (
    <PlaceholderPage
      title="Customers"
      description="Everyone who owes you money, how much and for how long."
      points={[
        'Search by name or contact email; sort and filter by amount overdue, standing, days late or tag.',
        'Each customer’s standing: in good standing, one missed invoice, several missed, or paused.',
        'Open a customer to see their invoices, payments, contacts and every email sent to them.',
      ]}
    />
  ),
});
