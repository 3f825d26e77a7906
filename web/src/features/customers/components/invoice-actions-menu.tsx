import MoreVertRounded from '@mui/icons-material/MoreVertRounded';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { Invoice } from '@receivables/contracts';
import { useId, useState } from 'react';

import type { InvoiceStatusChange } from './invoice-status-dialog';

export type InvoiceAction = { kind: 'edit' } | { kind: 'status'; change: InvoiceStatusChange };

/** What a person may do to an invoice by hand, by its state (decision 0042); empty for a paid one. */
function actionsFor(invoice: Pick<Invoice, 'status' | 'source'>): { label: string; action: InvoiceAction }[] {
  if (invoice.source === 'stripe') return [];
  switch (invoice.status) {
    case 'open':
      return [
        { label: 'Edit invoice', action: { kind: 'edit' } },
        { label: 'Void invoice', action: { kind: 'status', change: 'void' } },
        { label: 'Write off', action: { kind: 'status', change: 'uncollectible' } },
      ];
    case 'void':
    case 'uncollectible':
      return [{ label: 'Reopen invoice', action: { kind: 'status', change: 'open' } }];
    case 'paid':
      return [];
  }
}

/** Whether an invoice has anything the row menu offers (a paid one has not: its money is settled). */
export const hasInvoiceActions = (invoice: Pick<Invoice, 'status' | 'source'>): boolean =>
  invoice.source === 'stripe' || actionsFor(invoice).length > 0;

/**
 * The row's "Invoice actions" button and its menu, reached by Tab and worked with the arrow keys.
 * A Stripe invoice offers nothing but the reason: Stripe sets its amounts, and its next sync
 * would undo a change made here.
 */
export function InvoiceActionsMenu({ invoice, onAction }: { invoice: Invoice; onAction: (action: InvoiceAction) => void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const actions = actionsFor(invoice);
  const choose = (action: InvoiceAction) => {
    setAnchor(null);
    onAction(action);
  };
  return (
    <>
      <IconButton
        size="small"
        sx={{ p: 0.5 }}
        aria-label={`Invoice actions for ${invoice.number}`}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreVertRounded fontSize="small" />
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)} anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }} transformOrigin={{ vertical: 'top', horizontal: 'right' }}>
        {invoice.source === 'stripe' ? (
          // Not disabled: a disabled item takes no focus, and the reason would go unread by keyboard.
          <MenuItem onClick={() => setAnchor(null)} sx={{ whiteSpace: 'normal', maxWidth: 280 }}>
            Stripe keeps this invoice: change it there, and the next sync brings it here.
          </MenuItem>
        ) : (
          actions.map(({ label, action }) => (
            <MenuItem key={label} onClick={() => choose(action)}>
              {label}
            </MenuItem>
          ))
        )}
      </Menu>
    </>
  );
}
