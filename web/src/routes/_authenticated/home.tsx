import { createFileRoute } from '@tanstack/react-router';

import { HomeScreen } from '../../features/home/components/home-screen';

export const Route = createFileRoute('/_authenticated/home')({
  component: HomeRoute,
});

function HomeRoute() {
  const { session } = Route.useRouteContext();
  return <HomeScreen userName={session.user.name} />;
}
