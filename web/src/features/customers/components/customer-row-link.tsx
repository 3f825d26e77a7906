import type { TableRowProps } from '@mui/material/TableRow';
import { useNavigate } from '@tanstack/react-router';
import type { KeyboardEvent } from 'react';

import { OverflowTooltip } from '../../../components/overflow-tooltip';
import { RouterLink } from '../../../components/router-link';


/**
 * Props that make a table row open a customer by mouse or by Enter, with a visible focus ring:
 * the row is the one tab stop, so keyboard users move row by row. With `onToggle`, Space selects
 * the row, as the checkbox does, so selecting needs no tab stop of its own either.
 */
export function useCustomerRowProps(
  customerId: string,
  onToggle?: () => void,
): Pick<TableRowProps, 'hover' | 'tabIndex' | 'onClick' | 'onKeyDown' | 'sx'> {
  const navigate = useNavigate();
  const open = () => void navigate({ to: '/customers/$customerId', params: { customerId } });
  return {
    hover: true,
    tabIndex: 0,
    onClick: open,
    onKeyDown: (event: KeyboardEvent) => {
      if (event.target !== event.currentTarget) return;
      if (event.key === 'Enter') open();
      if (event.key === ' ' && onToggle) {
        // Space would otherwise scroll the page.
        event.preventDefault();
        onToggle();
      }
    },
    sx: {
      cursor: 'pointer',
      '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -2 },
    },
  };
}

/**
 * The customer's name as a real link inside such a row (for pointer users, "open in a new tab"
 * and screen readers); from 600 px on one line, with the full name in a tooltip when it is cut.
 */
export function CustomerNameLink({ customerId, name, phoneLines }: { customerId: string; name: string; phoneLines?: number }) {
  return (
    <OverflowTooltip title={name}>
      <RouterLink
        to="/customers/$customerId"
        params={{ customerId }}
        // The row is the tab stop; a second stop per row would double the keyboard path.
        tabIndex={-1}
        onClick={(event) => event.stopPropagation()}
        // Phones wrap long names (up to `phoneLines`, then an ellipsis); wider screens keep one line per row.
        sx={{
          fontWeight: 500,
          display: 'block',
          overflowWrap: 'anywhere',
          overflow: { sm: 'hidden' },
          textOverflow: { sm: 'ellipsis' },
          whiteSpace: { sm: 'nowrap' },
          ...(phoneLines ? { display: { xs: '-webkit-box', sm: 'block' }, WebkitLineClamp: { xs: phoneLines }, WebkitBoxOrient: 'vertical', overflow: 'hidden' } : {}),
        }}
      >
        {name}
      </RouterLink>
    </OverflowTooltip>
  );
}
