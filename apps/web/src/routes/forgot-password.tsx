import { createLazyRoute } from '@tanstack/react-router';

export const Route = createLazyRoute('/forgot-password')({ component: ForgotPasswordScreen });

function ForgotPasswordScreen() {
  return <main className="screen-center" />;
}
