import AddRounded from '@mui/icons-material/AddRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState, type ReactNode } from 'react';

import { useInstanceInfo } from '../../../app/api/get-instance-info';
import { usePermission } from '../../../app/use-permission';
import { ButtonLink } from '../../../components/router-link';
import { WhyDisabled } from '../../../components/why-disabled';
import { ImportCsvButton } from '../../imports/components/import-csv-button';

// The form (react-hook-form, text fields, the dialog) is only for a new organisation that clicks
// "Add a customer": its own chunk, fetched on intent like the router's links (decision 0004).
const loadAddCustomerDialog = () => import('./add-customer-dialog');
const AddCustomerDialog = lazy(() => loadAddCustomerDialog().then((module) => ({ default: module.AddCustomerDialog })));

interface StepProps {
  number: number;
  title: string;
  children: ReactNode;
  action: ReactNode;
}

function Step({ number, title, children, action }: StepProps) {
  return (
    // The number keeps its column on phones too; the action moves under the text there.
    <Box
      component="li"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '32px 1fr', sm: '32px 1fr auto' },
        columnGap: 2,
        rowGap: 1.5,
        alignItems: 'center',
        py: 2.5,
        '& + &': { borderTop: 1, borderColor: 'divider' },
      }}
    >
      <Box
        aria-hidden
        sx={{
          width: 32,
          height: 32,
          flexShrink: 0,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          fontWeight: 600,
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
        }}
      >
        {number}
      </Box>
      <Box>
        <Typography variant="h3" sx={{ fontSize: '1rem' }}>
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {children}
        </Typography>
      </Box>
      <Box sx={{ gridColumn: { xs: 2, sm: 3 } }}>{action}</Box>
    </Box>
  );
}

/**
 * A new organisation's Home (docs/product.md, Home): with no customers there is nobody to rank,
 * so it shows the ways to bring them in rather than an empty table. A step the person's role may
 * not take (decision 0024) keeps its place, its button disabled with the reason: it says who can.
 * Stripe is offered only by a server set up to connect it (decision 0046).
 */
export function GetStartedCard() {
  const [isAdding, setAdding] = useState(false);
  const adding = usePermission('customers');
  const connecting = usePermission('integrations');
  // Offered until the server says it cannot: most can, and the card does not shift as it answers.
  const offersStripe = useInstanceInfo().data?.stripe_connect !== false;
  return (
    <Card component="section" aria-labelledby="get-started-heading">
      <CardContent sx={{ p: { xs: 2, sm: 3 }, '&:last-child': { pb: { xs: 1, sm: 1.5 } } }}>
        <Typography id="get-started-heading" variant="h2">
          Get started
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          Bring in the customers who owe you money. Once they are here, Home shows who owes the most and how late they are.
        </Typography>
        <Box component="ol" sx={{ listStyle: 'none', m: 0, mt: 1, p: 0 }}>
          <Step
            number={1}
            title="Import your customers and invoices"
            action={
              <ImportCsvButton label="Import from CSV" variant="contained" />
            }
          >
            Upload the invoice export of Xero, QuickBooks, Stripe or a spreadsheet: one row per invoice.
          </Step>
          <Step
            number={2}
            title="Or add a customer by hand"
            action={
              <WhyDisabled reason={adding.reason}>
                <Button
                  variant="outlined"
                  startIcon={<AddRounded />}
                  onPointerEnter={() => void loadAddCustomerDialog()}
                  onFocus={() => void loadAddCustomerDialog()}
                  onClick={() => setAdding(true)}
                  disabled={!adding.allowed}
                >
                  Add a customer
                </Button>
              </WhyDisabled>
            }
          >
            Start with one customer and their currency; their invoices can follow by import.
          </Step>
          {offersStripe ? (
            <Step
              number={3}
              title="Or connect Stripe"
              action={
                connecting.allowed ? (
                  <ButtonLink variant="outlined" to="/settings/integrations">
                    Connect Stripe
                  </ButtonLink>
                ) : (
                  <WhyDisabled reason={connecting.reason}>
                    <Button variant="outlined" disabled>
                      Connect Stripe
                    </Button>
                  </WhyDisabled>
                )
              }
            >
              If you bill through Stripe, customers, invoices and payments arrive by themselves, and stay up to date.
            </Step>
          ) : null}
        </Box>
      </CardContent>
      {isAdding ? (
        <Suspense fallback={null}>
          <AddCustomerDialog onClose={() => setAdding(false)} />
        </Suspense>
      ) : null}
    </Card>
  );
}
