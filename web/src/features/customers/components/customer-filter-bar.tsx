import CurrencyExchangeRounded from '@mui/icons-material/CurrencyExchangeRounded';
import FilterListRounded from '@mui/icons-material/FilterListRounded';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import type { CustomerExportQueryInput } from '@receivables/contracts';
import { useState } from 'react';

import { ImportCsvButton } from '../../imports/components/import-csv-button';
import { activeFilterChips } from '../active-filter-chips';
import { useTags } from '../api/get-tags';
import type { CustomerListFilters } from '../customer-list-search';

import { CustomerExportButton } from './customer-export-button';
import { CustomerFiltersPanel } from './customer-filters-panel';
import { CustomerSearchField } from './customer-search-field';

interface CustomerFilterBarProps {
  q: string | undefined;
  filters: CustomerListFilters;
  currencies: readonly string[];
  onSearch: (q: string | undefined, options: { replace: boolean }) => void;
  /** Replace some filters (undefined removes one). */
  onFiltersChange: (filters: Partial<CustomerListFilters>) => void;
  /** Drop every filter and the search. */
  onClearAll: () => void;
  /** The list's query without paging, for "Export CSV". */
  exportQuery: CustomerExportQueryInput;
  /** Sorted by amount across currencies: which it holds, in its order ("Currencies: GBP first, then EUR"). */
  currencyOrder?: string | undefined;
}

/** Search, the "Filters" panel, export and import, and the active filters as removable chips. */
export function CustomerFilterBar(props: CustomerFilterBarProps) {
  const { q, filters, currencies, onSearch, onFiltersChange, onClearAll, exportQuery, currencyOrder } = props;
  const [anchorEl, setAnchorEl] = useState<HTMLElement | null>(null);
  // The tag names are only needed to label tag chips, and by the panel once it is open.
  const tags = useTags({ enabled: filters.tag !== undefined });
  const tagNames = tags.data ? new Map(tags.data.rows.map((t) => [t.id, t.name])) : undefined;
  const chips = activeFilterChips(filters, tagNames);

  return (
    <Stack spacing={1.5} sx={{ p: { xs: 2, sm: 2.5 }, pb: { xs: 1.5, sm: 2 } }}>
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <CustomerSearchField value={q} onCommit={onSearch} />
        <Button
          variant="outlined"
          startIcon={<FilterListRounded />}
          onClick={(event) => setAnchorEl(event.currentTarget)}
          aria-haspopup="dialog"
          aria-expanded={anchorEl !== null}
        >
          {chips.length > 0 ? `Filters (${chips.length})` : 'Filters'}
        </Button>
        <CustomerExportButton query={exportQuery} />
        <ImportCsvButton label="Import CSV" variant="outlined" />
      </Stack>
      <CustomerFiltersPanel
        anchorEl={anchorEl}
        onClose={() => setAnchorEl(null)}
        filters={filters}
        currencies={currencies}
        onApply={(next) => {
          setAnchorEl(null);
          onFiltersChange(next);
        }}
      />
      {chips.length > 0 || q || currencyOrder ? (
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          component="ul"
          aria-label="Active filters"
          sx={{ flexWrap: 'wrap', alignItems: 'center', listStyle: 'none', m: 0, p: 0 }}
        >
          {currencyOrder ? (
            <li>
              {/* Says what the amount sort holds and in what order; a click chooses the currencies. */}
              <Tooltip describeChild title="Amounts are ranked within each currency, never across: the organisation’s currency first, then the others in code order. Click to choose currencies.">
                <Chip
                  label={currencyOrder}
                  size="small"
                  variant="outlined"
                  icon={<CurrencyExchangeRounded />}
                  onClick={(event) => setAnchorEl(event.currentTarget)}
                />
              </Tooltip>
            </li>
          ) : null}
          {chips.map((chip) => (
            <li key={chip.key}>
              <Chip label={chip.label} size="small" onDelete={() => onFiltersChange(chip.remove)} />
            </li>
          ))}
          {chips.length > 0 || q ? (
            <li>
              <Button size="small" onClick={onClearAll}>
                Clear all
              </Button>
            </li>
          ) : null}
        </Stack>
      ) : null}
    </Stack>
  );
}
