/** The collections and spaces of the organization's tree as the server's tRPC router lists them (types only). */
import type { RouterOutputs } from '../api/app-router';

export type Collection = RouterOutputs['collections']['list']['items'][number];
export type Space = RouterOutputs['spaces']['list']['items'][number];
