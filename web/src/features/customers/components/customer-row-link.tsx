import MuiLink from '@mui/material/Link';
import type { TableRowProps } from '@mui/material/TableRow';
import { createLink, useNavigate } from '@tanstack/react-router';
import type { KeyboardEvent } from 'react';

const RouterLink = createLink(MuiLink);

/**
 * Props that make a table row open a customer by mouse or by Enter, with a visible focus ring:
 * the row is the tab stop, so keyboard users move row by row.
 */
export function useCustomerRowProps(customerId: string): Pick<TableRowProps, 'hover' | 'tabIndex' | 'onClick' | 'onKeyDown' | 'sx'> {
  const navigate = useNavigate();
  const open = () => void navigate({ to: '/customers/$customerId', params: { customerId } });
  return {
    hover: true,
    tabIndex: 0,
    onClick: open,
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key === 'Enter' && event.target === event.currentTarget) open();
    },
    sx: {
      cursor: 'pointer',
      '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -2 },
    },
  };
}

/** The customer's name as a real link inside such a row (for pointer users and screen readers). */
export function CustomerNameLink({ customerId, name }: { customerId: string; name: string }) {
  return (
    <RouterLink
      to="/customers/$customerId"
      params={{ customerId }}
      // The row is the tab stop; a second stop per row would double the keyboard path.
      tabIndex={-1}
      onClick={(event) => event.stopPropagation()}
      // Phones wrap long names; wider screens keep one line per row.
      sx={{
        fontWeight: 500,
        display: 'block',
        overflowWrap: 'anywhere',
        overflow: { sm: 'hidden' },
        textOverflow: { sm: 'ellipsis' },
        whiteSpace: { sm: 'nowrap' },
      }}
    >
      {name}
    </RouterLink>
  );
}
