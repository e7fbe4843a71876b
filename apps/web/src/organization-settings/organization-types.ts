/** The organization as the settings screen reads it (the server's resource, through tRPC). */
import type { RouterOutputs } from '../api/app-router';

export type Organization = RouterOutputs['orgs']['get'];
