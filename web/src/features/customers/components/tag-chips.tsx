import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import type { Tag } from '@receivables/contracts';

const MAX_SHOWN = 3;
const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** A customer's tags as small chips in their own colour: three, then "+N". */
export function TagChips({ tags }: { tags: Tag[] }) {
  const theme = useTheme();
  if (tags.length === 0) return null;
  const shown = tags.slice(0, MAX_SHOWN);
  const hidden = tags.slice(MAX_SHOWN);
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'nowrap' }}>
      {shown.map((tag) => {
        const colour = HEX.test(tag.colour) ? tag.colour : undefined;
        return (
          <Chip
            key={tag.id}
            label={tag.name}
            size="small"
            sx={{
              height: 22,
              fontSize: '0.75rem',
              maxWidth: 110,
              ...(colour ? { bgcolor: colour, color: theme.palette.getContrastText(colour) } : {}),
            }}
          />
        );
      })}
      {hidden.length > 0 ? (
        <Chip
          label={`+${hidden.length}`}
          size="small"
          variant="outlined"
          title={hidden.map((t) => t.name).join(', ')}
          aria-label={`${hidden.length} more: ${hidden.map((t) => t.name).join(', ')}`}
          sx={{ height: 22, fontSize: '0.75rem' }}
        />
      ) : null}
    </Stack>
  );
}
