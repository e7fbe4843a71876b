/**
 * GitBook's official client (`@gitbook/api`, unchanged) against a running Quire: every `/v1`
 * route GitBook's document defines (`coverage.test.ts` fails on one that no case drives),
 * each response checked against the document shipped in the client's package. The cases
 * live in the `*.cases.ts` files, one per area, and share this file's server.
 */
import { useSharedServer } from './shared-server';
import './organizations.cases';
import './members.cases';
import './teams.cases';
import './saml-and-invite-links.cases';
import './errors.cases';
import './spaces.cases';
import './collections.cases';
import './access.cases';
import './change-requests.cases';
import './content.cases';
import './comments.cases';
import './sites.cases';
import './site-structure.cases';
import './site-access.cases';
import './links.cases';
import './search.cases';
import './openapi.cases';
import './translations.cases';
import './git-sync.cases';

useSharedServer();
