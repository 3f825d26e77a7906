import Drawer from '@mui/material/Drawer';
import Popover from '@mui/material/Popover';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';

import type { CustomerListFilters } from '../customer-list-search';

import { CustomerFiltersForm } from './customer-filters-form';

interface CustomerFiltersPanelProps {
  anchorEl: HTMLElement | null;
  onClose: () => void;
  filters: CustomerListFilters;
  currencies: readonly string[];
  onApply: (filters: CustomerListFilters) => void;
}

/** The filter form under the "Filters" button; a bottom drawer on phones. */
export function CustomerFiltersPanel({ anchorEl, onClose, ...form }: CustomerFiltersPanelProps) {
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'));
  const open = anchorEl !== null;
  // Mounted only while open, so each opening starts from what the URL says.
  const content = open ? <CustomerFiltersForm {...form} onCancel={onClose} /> : null;

  if (isPhone) {
    return (
      <Drawer
        anchor="bottom"
        open={open}
        onClose={onClose}
        slotProps={{ paper: { sx: { borderTopLeftRadius: 20, borderTopRightRadius: 20, maxHeight: '90vh' } } }}
      >
        {content}
      </Drawer>
    );
  }
  return (
    <Popover
      open={open}
      anchorEl={anchorEl}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      transformOrigin={{ vertical: 'top', horizontal: 'left' }}
      slotProps={{ paper: { sx: { mt: 1, borderRadius: 3 } } }}
    >
      {content}
    </Popover>
  );
}
