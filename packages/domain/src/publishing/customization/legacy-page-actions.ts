/**
 * GitBook's earlier flags of page actions (`pdf.enabled`, `git.showEditLink`,
 * `pageActions.externalAI`, `pageActions.markdown`), which its 0.202.0 document replaced by the
 * ordered list `pageActions.items`. The list is what is stored; the flags are shown as what the
 * list says (so clients of either document read the settings), and a flag a request gives
 * adds its action to the list or removes it, the list's order kept.
 */
import type { SiteCustomizationInput } from './site-customization-schema';

type PageAction = SiteCustomizationInput['pageActions']['items'][number];

const flagged = (settings: SiteCustomizationInput): Array<[PageAction, boolean | undefined]> => [
  ['pdf', settings.pdf?.enabled],
  ['git', settings.git?.showEditLink],
  ['external-ai', settings.pageActions.externalAI],
  ['markdown', settings.pageActions.markdown],
];

/** The settings to store: the flags given applied to `pageActions.items`, and dropped. */
export function withFlagsApplied(settings: SiteCustomizationInput): SiteCustomizationInput {
  let items = [...settings.pageActions.items];
  for (const [action, on] of flagged(settings)) {
    if (on === true && !items.includes(action)) items.push(action);
    if (on === false) items = items.filter((item) => item !== action);
  }
  const { pdf: _pdf, git: _git, ...rest } = settings;
  return { ...rest, pageActions: { items } };
}

/** The settings shown: the flags as `pageActions.items` says. */
export function withFlagsShown(settings: SiteCustomizationInput): SiteCustomizationInput {
  const items = settings.pageActions.items;
  return {
    ...settings,
    pdf: { enabled: items.includes('pdf') },
    git: { showEditLink: items.includes('git') },
    pageActions: { items, externalAI: items.includes('external-ai'), markdown: items.includes('markdown') },
  };
}
