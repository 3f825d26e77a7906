import Button, { type ButtonProps } from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';

/** A form's submit button: disabled with a spinner while pending, its label unchanged. */
export function SubmitButton({ isPending, children, ...props }: ButtonProps & { isPending: boolean }) {
  return (
    <Button
      type="submit"
      variant="contained"
      size="large"
      disabled={isPending}
      startIcon={isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
      {...props}
    >
      {children}
    </Button>
  );
}
