import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect } from 'react';

import { ButtonLink } from './router-link';


interface ErrorScreenProps extends ErrorComponentProps {
  /** The root route failed, so there is no page to go back to within the app. */
  isRoot?: boolean;
}

function messageOf(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return 'An unexpected error occurred';
}

/** A route's error component: what went wrong, and ways out (docs/product.md). */
export function ErrorScreen({ error, reset, isRoot = false }: ErrorScreenProps) {
  const router = useRouter();
  const queryErrorBoundary = useQueryErrorResetBoundary();

  useEffect(() => {
    console.error(error);
  }, [error]);

  const tryAgain = () => {
    // Queries that threw into this boundary must be allowed to fetch again, then loaders re-run.
    queryErrorBoundary.reset();
    reset();
    void router.invalidate();
  };

  return (
    <Stack role="alert" spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: { xs: 6, sm: 10 }, px: 2 }}>
      <ErrorOutlineRounded color="error" sx={{ fontSize: 48 }} aria-hidden />
      <Typography variant="h1" component="h1">
        Something went wrong
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 560, overflowWrap: 'anywhere' }}>
        {messageOf(error)}
      </Typography>
      <Stack direction="row" spacing={1.5}>
        <Button variant="contained" onClick={tryAgain}>
          Try Again
        </Button>
        {isRoot ? (
          <ButtonLink variant="outlined" to="/">
            Home
          </ButtonLink>
        ) : (
          <Button variant="outlined" onClick={() => router.history.back()}>
            Go Back
          </Button>
        )}
      </Stack>
    </Stack>
  );
}
