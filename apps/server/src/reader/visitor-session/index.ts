/** A reader's visitor: credentials read for the URL lookup, and the cookies that keep them (issue 29, item 4). */
export { requestCookies } from './request-cookies';
export { type Claims, unsignedClaimsOf } from './unsigned-claims';
export { type ConditionHolds, documentForVisitor, documentWhere } from './visitor-document';
export {
  GITBOOK_VISITOR_TOKEN_COOKIE,
  type LookupInput,
  type LookupOutcome,
  SHARE_KEY_COOKIE,
  VISITOR_TOKEN_COOKIE,
  type VisitorLookup,
  type VisitorRequest,
  visitorCookies,
  visitorLookupInput,
} from './visitor-lookup';
