import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';

interface LoadingSkeletonProps {
  /** Height of each line in px (docs/product.md, Constants: 40). */
  height?: number;
  /** Number of lines (docs/product.md, Constants: 1). */
  lines?: number;
  label?: string;
}

/** Placeholder while data loads; announced once to screen readers via the label. */
export function LoadingSkeleton({ height = 40, lines = 1, label = 'Loading' }: LoadingSkeletonProps) {
  return (
    <Stack spacing={1} role="status" aria-label={label} aria-busy="true">
      {Array.from({ length: lines }, (_, index) => (
        <Skeleton key={index} variant="rounded" height={height} />
      ))}
    </Stack>
  );
}
