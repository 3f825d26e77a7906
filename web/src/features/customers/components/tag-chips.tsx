import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import type { Tag } from '@receivables/contracts';

import { tagChipColours } from '../../../lib/tag-colours';

const chipSize = { height: 22, fontSize: '0.75rem' } as const;

interface TagChipsProps {
  tags: Tag[];
  /** How many chips before "+N". */
  max?: number;
}

/**
 * A customer's tags as small chips in their own colour, then "+N" for the rest. Every name is in
 * the chips' tooltip, so a long tag cut short, or one behind "+N", can still be read.
 */
export function TagChips({ tags, max = 3 }: TagChipsProps) {
  if (tags.length === 0) return null;
  const shown = tags.slice(0, max);
  const hidden = tags.slice(max);
  const all = tags.map((t) => t.name).join(', ');
  return (
    <Tooltip title={all} describeChild>
      <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'nowrap', minWidth: 0, overflow: 'hidden' }}>
        {shown.map((tag) => {
          return (
            <Chip
              key={tag.id}
              label={tag.name}
              size="small"
              sx={{
                ...chipSize,
                // Shares the column with the others: a long name is cut, never pushes the row wider.
                minWidth: 0,
                flexShrink: 1,
                ...tagChipColours(tag.colour),
              }}
            />
          );
        })}
        {hidden.length > 0 ? (
          <Chip
            label={`+${hidden.length}`}
            size="small"
            variant="outlined"
            aria-label={`${hidden.length} more: ${hidden.map((t) => t.name).join(', ')}`}
            sx={{ ...chipSize, flexShrink: 0 }}
          />
        ) : null}
      </Stack>
    </Tooltip>
  );
}
