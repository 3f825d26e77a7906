import SearchOffRounded from '@mui/icons-material/SearchOffRounded';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRouter } from '@tanstack/react-router';

import { ButtonLink } from './router-link';


/** Shown for unknown paths and unknown static pages (docs/product.md). */
export function NotFoundScreen() {
  const router = useRouter();
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: { xs: 6, sm: 10 }, px: 2 }}>
      <SearchOffRounded color="primary" sx={{ fontSize: 48 }} aria-hidden />
      <Typography variant="h1" component="h1">
        Page not found
      </Typography>
      <Typography color="text.secondary">The page you are looking for does not exist.</Typography>
      <Stack direction="row" spacing={1.5}>
        <Button variant="outlined" onClick={() => router.history.back()}>
          Go back
        </Button>
        <ButtonLink variant="contained" to="/">
          Start Over
        </ButtonLink>
      </Stack>
    </Stack>
  );
}
