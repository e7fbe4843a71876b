/**
 * The person's name and picture (`users.update` on their own account): what members lists,
 * mentions and comments show of them. Saved with the button; the session's copy of the user
 * takes the server's answer, so the menu shows the new name at once.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTRPC } from '../api/trpc';
import { rememberSession, useSession } from '../session/session-queries';
import { Field } from '../ui/field';
import { FormError } from '../ui/form-error';

export function ProfileForm() {
  const session = useSession();
  if (!session) return null;
  return <ProfileFields key={session.user.id} session={session} />;
}

function ProfileFields({ session }: { session: NonNullable<ReturnType<typeof useSession>> }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [displayName, setDisplayName] = useState(session.user.displayName);
  const [photoURL, setPhotoURL] = useState(session.user.photoURL ?? '');
  const update = useMutation(
    trpc.users.update.mutationOptions({
      onSuccess: (user) => rememberSession(queryClient, trpc, { ...session, user }),
    }),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const picture = photoURL.trim();
    update.mutate({
      userId: session.user.id,
      displayName: displayName.trim(),
      photoURL: picture === '' ? null : picture,
    });
  };
  return (
    <section className="management-section" aria-labelledby="profile-title">
      <h2 id="profile-title">Profile</h2>
      <form onSubmit={submit} className="form">
        <Field
          label="Name"
          name="displayName"
          autoComplete="name"
          required
          maxLength={64}
          value={displayName}
          onChange={(event) => setDisplayName(event.target.value)}
        />
        <Field
          label="Picture URL"
          name="photoURL"
          type="url"
          hint="An http or https address of an image; leave it empty for none."
          value={photoURL}
          onChange={(event) => setPhotoURL(event.target.value)}
        />
        <FormError error={update.error} />
        {update.isSuccess && !update.isPending && <p role="status">Saved.</p>}
        <button type="submit" className="button button-primary" disabled={update.isPending}>
          {update.isPending ? 'Saving…' : 'Save profile'}
        </button>
      </form>
    </section>
  );
}
