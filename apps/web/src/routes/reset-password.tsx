/** A password reset link (`/reset-password/{token}`, mailed). */
import { createLazyRoute } from '@tanstack/react-router';
import { ResetPassword } from '../password-reset/reset-password';

export const Route = createLazyRoute('/reset-password/$token')({ component: ResetPasswordScreen });

function ResetPasswordScreen() {
  const { token } = Route.useParams();
  return <ResetPassword token={token} />;
}
