import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';

interface ErrorPanelProps {
  title?: string;
  message?: string;
  /** Shows a "Try again" button when given. */
  onRetry?: () => void;
  isRetrying?: boolean;
}

/** An inline failure inside a card or page section (docs/product.md, Error and not-found screens). */
export function ErrorPanel({
  title = 'Something went wrong',
  message = 'An unexpected error occurred',
  onRetry,
  isRetrying = false,
}: ErrorPanelProps) {
  return (
    <Alert
      severity="error"
      variant="outlined"
      sx={{ borderRadius: 3, alignItems: 'flex-start' }}
      action={
        onRetry ? (
          <Button color="inherit" size="small" onClick={onRetry} disabled={isRetrying}>
            Try again
          </Button>
        ) : undefined
      }
    >
      <AlertTitle>{title}</AlertTitle>
      {message}
    </Alert>
  );
}
