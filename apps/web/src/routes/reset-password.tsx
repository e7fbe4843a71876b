import { createLazyRoute } from '@tanstack/react-router';

export const Route = createLazyRoute('/reset-password/$token')({ component: ResetPasswordScreen });

function ResetPasswordScreen() {
  return <main className="screen-center" />;
}
