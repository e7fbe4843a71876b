/** "Forgot password" (`/forgot-password`, linked from the sign-in screen). */
import { createLazyRoute } from '@tanstack/react-router';
import { ForgotPassword } from '../password-reset/forgot-password';

export const Route = createLazyRoute('/forgot-password')({ component: ForgotPassword });
