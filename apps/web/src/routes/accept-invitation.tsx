/** An invitation by email (`/invite/{token}`): the accept screen (`invitations/accept-invitation.tsx`). */
import { createLazyRoute } from '@tanstack/react-router';
import { AcceptInvitation } from '../invitations/accept-invitation';

export const Route = createLazyRoute('/invite/$token')({ component: AcceptInvitationScreen });

function AcceptInvitationScreen() {
  const { token } = Route.useParams();
  return <AcceptInvitation token={token} />;
}
