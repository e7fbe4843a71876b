/** How the publishing area is served: its routes, its documentation tags. */
import { customHostnameRoutes } from '../faces/rest/routes/custom-hostnames';
import { siteAccessRoutes } from '../faces/rest/routes/site-access';
import { siteCustomizationRoutes } from '../faces/rest/routes/site-customization';
import { siteStructureRoutes } from '../faces/rest/routes/site-structure';
import { siteRoutes } from '../faces/rest/routes/sites';
import { urlLookupRoutes } from '../faces/rest/routes/url-lookups';
import { defineServerArea } from './server-area';

export const publishingServing = defineServerArea({
  key: 'publishing',
  routes: [
    ...siteRoutes,
    ...siteStructureRoutes,
    ...siteAccessRoutes,
    ...siteCustomizationRoutes,
    ...urlLookupRoutes,
    ...customHostnameRoutes,
  ],
  tags: [
    {
      name: 'Sites',
      group: 'publishing',
      prefixes: ['sites'],
      description:
        'Published docs sites built from spaces: create them, change their settings and visibility, and ' +
        'publish or unpublish them.',
    },
    {
      name: 'Site structure',
      group: 'publishing',
      prefixes: ['sites.sections', 'sites.sectionGroups', 'sites.siteSpaces', 'sites.structure'],
      description:
        "A site's sections (each a body of content in one or more variants: its site spaces), the groups " +
        'sections are gathered in, and their order.',
    },
    {
      name: 'Site access',
      group: 'publishing',
      prefixes: ['sites.shareLinks', 'sites.publishingAuth', 'sites.adaptiveSchema', 'sites.published'],
      description:
        'Who reaches a published site and what each visitor sees: share links, visitor authentication ' +
        "with signed tokens, the adaptive schema of visitors' claims, and the published view itself.",
    },
    {
      name: 'Site customization',
      group: 'publishing',
      prefixes: ['sites.customization'],
      description:
        "A site's branding and presentation (title, theme, colours, fonts, logos, links, footer, page " +
        'actions...), and the overrides of its site spaces; logos, icons and fonts are served by Quire.',
    },
    {
      name: 'Custom hostnames',
      group: 'publishing',
      prefixes: ['customHostnames'],
      description:
        'Hostnames of their own (docs.example.com) that sites and organizations are served at, each unique ' +
        'across the server.',
    },
    {
      name: 'URLs',
      group: 'publishing',
      prefixes: ['urls'],
      description:
        'What an address shows: a published URL for its visitor (site, section, site space, space, page ' +
        'path, and a short-lived site API token reading what that visitor may read), an address of Quire for a user.',
    },
  ],
});
