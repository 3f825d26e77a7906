import { createFileRoute } from '@tanstack/react-router';

import { NotFoundScreen } from '../components/not-found-screen';

/** Anything no other route matches. */
export const Route = createFileRoute('/$')({
  component: NotFoundScreen,
});
