import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

interface JobProgressProps {
  /** What is happening, with how far: "Paused 1,200 of 5,000 customers…". */
  text: string;
  /** From 0 to 100 once the job says how far it is; a moving bar until then. */
  percent?: number;
  /** A line under the bar: that the person may keep working, or that the server is out of reach. */
  note?: string;
  /** The bar's accessible name. */
  label: string;
}

/** A background job's bar (the customer bulk actions, bulk send and cancel of emails): determinate once it says how far it is. */
export function JobProgress({ text, percent, note, label }: JobProgressProps) {
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
        <Typography aria-live="polite" sx={{ fontWeight: 500, fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' }}>
          {text}
        </Typography>
        {percent === undefined ? null : (
          <Typography color="text.secondary" sx={{ fontVariantNumeric: 'tabular-nums' }}>
            {percent}%
          </Typography>
        )}
      </Stack>
      <LinearProgress
        variant={percent === undefined ? 'indeterminate' : 'determinate'}
        {...(percent === undefined ? {} : { value: percent })}
        aria-label={label}
        aria-valuetext={text}
        sx={{ height: 8, borderRadius: 4 }}
      />
      {note ? (
        <Typography variant="body2" color="text.secondary">
          {note}
        </Typography>
      ) : null}
    </Stack>
  );
}

/** How far a job is, rounded down, so the bar never shows 100% before the last item is done. */
export const jobPercent = (processed: number, total: number): number =>
  total > 0 ? Math.min(100, Math.floor((processed / total) * 100)) : 0;
