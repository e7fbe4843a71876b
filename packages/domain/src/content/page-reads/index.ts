/** What a docs renderer reads to show a page: the public API of `page-reads/`. */
export type { EmbedResolver, LinkEmbed } from './embed-resolver';
export { pageReadOperations } from './operations';
export type { VisitorConditions } from './visitor-conditions';
