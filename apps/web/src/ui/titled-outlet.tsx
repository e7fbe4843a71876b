/**
 * The app's frame: the routes' outlet, and the browser tab named after the screen at the
 * address, so that every screen has a title of its own (a space and its page refine it with
 * their names: `useDocumentTitle` at a greater depth).
 */
import { Outlet, useRouterState } from '@tanstack/react-router';
import { useDocumentTitle } from './document-title';

const TITLES: ReadonlyArray<[RegExp, string]> = [
  [/^\/sign-in\/?$/, 'Sign in'],
  [/^\/invite\//, 'Invitation'],
  [/^\/~openapi\//, 'API reference'],
  [/^\/settings\/?$/, 'Settings'],
  [/^\/o\/[^/]+\/?$/, 'Spaces'],
  [/^\/o\/[^/]+\/members\/?$/, 'People'],
  [/^\/o\/[^/]+\/sites\/?$/, 'Sites'],
  [/^\/o\/[^/]+\/sites\/[^/]+/, 'Site'],
  [/^\/o\/[^/]+\/openapi\/?$/, 'API specs'],
  [/^\/o\/[^/]+\/openapi\/[^/]+/, 'API specification'],
  [/^\/o\/[^/]+\/s\//, 'Space'],
];

export function screenTitleOf(pathname: string): string | undefined {
  return TITLES.find(([pattern]) => pattern.test(pathname))?.[1];
}

export function TitledOutlet() {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  useDocumentTitle(screenTitleOf(pathname) ?? '', 0);
  return <Outlet />;
}
