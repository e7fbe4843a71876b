/**
 * The person's settings: their name and picture, their password, the browsers signed in as them, their
 * API tokens and their mail. Outside any
 * organization, so it has its own top bar (the brand leads back to the organizations).
 */
import { createLazyRoute, Link } from '@tanstack/react-router';
import { UserMenu } from '../session/user-menu';
import { ApiTokensList } from '../settings/api-tokens-list';
import { MailPreferences } from '../settings/mail-preferences';
import { PasswordForm } from '../settings/password-form';
import { ProfileForm } from '../settings/profile-form';
import { SessionsList } from '../settings/sessions-list';
import { Brand } from '../ui/brand';
import '../management/management.css';

export const Route = createLazyRoute('/signedIn/settings')({ component: UserSettings });

function UserSettings() {
  return (
    <div className="frame">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <header className="topbar">
        <Link to="/" className="topbar-brand" aria-label="Quire home">
          <Brand />
        </Link>
        <div className="topbar-end">
          <UserMenu />
        </div>
      </header>
      <main id="main" className="page-main narrow">
        <h1>Your settings</h1>
        <ProfileForm />
        <PasswordForm />
        <SessionsList />
        <ApiTokensList />
        <MailPreferences />
      </main>
    </div>
  );
}
