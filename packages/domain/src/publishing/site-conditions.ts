/**
 * The conditions of a site, compiled once per version of the site and kept in memory: the
 * published view tests them on every request, and parsing them each time would cost more
 * than the rest of the request. A site's record changes `version` with every change, its
 * conditions and adaptive schema included, so an entry compiled for another version is
 * simply compiled again. At most `MAX_CACHED_SITES` sites are kept (the least recently
 * compiled go first).
 *
 * A condition that does not compile against the site's schema (written before the schema
 * lost a claim by a path that skipped the checks) shows nothing: it fails closed.
 */
import { type AdaptiveSchema, compileCondition, DEFAULT_ADAPTIVE_SCHEMA } from './conditions';
import type { SiteRecord } from './records';
import { locatedSiteSpaces } from './site-structure';

export type ConditionTest = (claims: unknown) => boolean;

const MAX_CACHED_SITES = 500;
const NEVER: ConditionTest = () => false;

interface CompiledSite {
  version: number;
  /** The test of each section and site space that has a condition, by its id. */
  tests: ReadonlyMap<string, ConditionTest>;
}

const compiledSites = new Map<string, CompiledSite>();

/** The schema a site's conditions are checked against: its own (stored validated), else the default. */
export const siteAdaptiveSchemaOf = (site: Pick<SiteRecord, 'adaptiveSchema'>): AdaptiveSchema =>
  (site.adaptiveSchema?.jsonSchema as AdaptiveSchema | undefined) ?? DEFAULT_ADAPTIVE_SCHEMA;

/** The tests of the site's conditions (by section or site space id), compiled for its current version. */
export function conditionTestsOf(site: SiteRecord): ReadonlyMap<string, ConditionTest> {
  const cached = compiledSites.get(site.id);
  if (cached?.version === site.version) return cached.tests;
  const schema = siteAdaptiveSchemaOf(site);
  const tests = new Map<string, ConditionTest>();
  const compile = (id: string, condition: string | undefined) => {
    if (condition === undefined) return;
    const compiled = compileCondition(condition, schema);
    tests.set(id, compiled.ok ? compiled.test : NEVER);
  };
  for (const section of site.structure.sections) compile(section.id, section.condition);
  for (const { siteSpace } of locatedSiteSpaces(site.structure)) compile(siteSpace.id, siteSpace.condition);
  compiledSites.delete(site.id);
  compiledSites.set(site.id, { version: site.version, tests });
  if (compiledSites.size > MAX_CACHED_SITES) {
    const oldest = compiledSites.keys().next().value;
    if (oldest !== undefined) compiledSites.delete(oldest);
  }
  return tests;
}
