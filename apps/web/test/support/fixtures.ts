/** Resources as the server presents them, with the fields the screens read. */
export const ADA = {
  object: 'user',
  id: 'user-ada',
  displayName: 'Ada Lovelace',
  email: 'ada@example.test',
  urls: { location: 'http://quire.test/v1/users/user-ada' },
};

export const SESSION = { user: ADA, csrfToken: 'csrf-1' };

export const ACME = { object: 'organization', id: 'org-acme', title: 'Acme' };

export const page = <T>(items: T[]) => ({ items, count: items.length });

export function treePage(id: string, title: string, path: string, pages: unknown[] = []) {
  return { id, title, path, slug: path.split('/').pop(), pages, hidden: false };
}
