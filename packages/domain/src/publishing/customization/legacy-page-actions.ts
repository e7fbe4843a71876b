/**
 * GitBook's earlier flags of page actions (`pdf.enabled`, `git.showEditLink`,
 * `pageActions.externalAI`, `pageActions.markdown`), which its 0.202.0 document replaced by the
 * ordered list `pageActions.items`. The list is what is stored; the flags are shown as what the
 * list says (so clients of either document read the settings). In a request the list wins: a
 * settings object read and sent back carries both, and its flags must not undo a change of
 * the list. `pdf` and `git` given without `pageActions` add their action to the defaults' list
 * or remove it (an earlier client's way to turn them on or off).
 */
import type { SiteCustomizationInput } from './site-customization-schema';

type PageAction = SiteCustomizationInput['pageActions']['items'][number];

/** The settings to store: `pageActions.items` as given, else the list with `pdf` and `git` as asked; no flags. */
export function withFlagsApplied(
  settings: SiteCustomizationInput,
  listGiven: boolean,
): SiteCustomizationInput {
  let items = [...settings.pageActions.items];
  if (!listGiven) {
    for (const [action, on] of [
      ['pdf', settings.pdf?.enabled],
      ['git', settings.git?.showEditLink],
    ] as Array<[PageAction, boolean | undefined]>) {
      if (on === true && !items.includes(action)) items.push(action);
      if (on === false) items = items.filter((item) => item !== action);
    }
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
