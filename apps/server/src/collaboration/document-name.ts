/**
 * The name of a shared document: which page it is, and of which content. A page of the live
 * space is `<spaceId>/live/<pageId>`; a page inside a change request is
 * `<spaceId>/cr/<changeRequestId>/<pageId>`. The web app and any other client name the same
 * page the same way, so everyone editing it meets in one document.
 */

/** The content a shared page belongs to. */
export type SharedPlace =
  | { kind: 'live'; spaceId: string; pageId: string }
  | { kind: 'changeRequest'; spaceId: string; changeRequestId: string; pageId: string };

/** Ids as the store makes them (and change request numbers): short, no separators. */
const ID = '[A-Za-z0-9_-]{1,128}';
const LIVE = new RegExp(`^(${ID})/live/(${ID})$`);
const IN_CHANGE_REQUEST = new RegExp(`^(${ID})/cr/(${ID})/(${ID})$`);

/** The place a document name names, or undefined for a name that is none of ours. */
export function sharedPlaceOf(name: string): SharedPlace | undefined {
  if (name.length > 400) return undefined;
  const live = LIVE.exec(name);
  if (live) return { kind: 'live', spaceId: live[1]!, pageId: live[2]! };
  const inRequest = IN_CHANGE_REQUEST.exec(name);
  if (inRequest)
    return {
      kind: 'changeRequest',
      spaceId: inRequest[1]!,
      changeRequestId: inRequest[2]!,
      pageId: inRequest[3]!,
    };
  return undefined;
}

export function sharedDocumentName(place: SharedPlace): string {
  return place.kind === 'live'
    ? `${place.spaceId}/live/${place.pageId}`
    : `${place.spaceId}/cr/${place.changeRequestId}/${place.pageId}`;
}
