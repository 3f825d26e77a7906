import FilterListRounded from '@mui/icons-material/FilterListRounded';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
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
}

/** Search, the "Filters" panel, export and import, and the active filters as removable chips. */
export function CustomerFilterBar({ q, filters, currencies, onSearch, onFiltersChange, onClearAll, exportQuery }: CustomerFilterBarProps) {
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
      {chips.length > 0 || q ? (
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          component="ul"
          aria-label="Active filters"
          sx={{ flexWrap: 'wrap', alignItems: 'center', listStyle: 'none', m: 0, p: 0 }}
        >
          {chips.map((chip) => (
            <li key={chip.key}>
              <Chip label={chip.label} size="small" onDelete={() => onFiltersChange(chip.remove)} />
            </li>
          ))}
          <li>
            <Button size="small" onClick={onClearAll}>
              Clear all
            </Button>
          </li>
        </Stack>
      ) : null}
    </Stack>
  );
}
