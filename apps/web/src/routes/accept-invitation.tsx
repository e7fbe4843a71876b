import { createLazyRoute } from '@tanstack/react-router';

export const Route = createLazyRoute('/invite/$token')({ component: AcceptInvitationScreen });

function AcceptInvitationScreen() {
  return <main className="screen-center" />;
}
