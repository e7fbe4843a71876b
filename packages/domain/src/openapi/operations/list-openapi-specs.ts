import { z } from 'zod';
import { operation } from '../../core/operation';
import { type Page, pageRequest, pageSchemaOf, pagingShape, sliceById, toPage } from '../../core/paging';
import { openApiSpecPermissions } from '../../policies/openapi-policy';
import { authorizeOrganization } from '../../policies/organization-policy';
import { OpenApiOrganizationIdParam } from '../openapi-fields';
import { type OpenApiSpec, OpenApiSpecSchema, presentOpenApiSpec } from '../openapi-spec-schema';

/**
 * The OpenAPI specifications of an organization, oldest first, for members with a role
 * (guests see none: an empty list). An organization holds few specs: they are read at once
 * and paged in memory, so `count` is exact. Outcomes: not a member, 404; a bad `page`, 400.
 */
export const listOpenApiSpecs = operation({
  name: 'openapi.list',
  kind: 'query',
  summary: 'List the OpenAPI specifications of an organization',
  input: z.strictObject({ organizationId: OpenApiOrganizationIdParam, ...pagingShape }),
  output: pageSchemaOf(OpenApiSpecSchema),
  async run(ctx, input): Promise<Page<OpenApiSpec>> {
    const { member } = await authorizeOrganization(ctx, input.organizationId, 'view');
    const permissions = openApiSpecPermissions(member);
    const specs = permissions.view ? await ctx.repos.openApiSpecs.listAll(input.organizationId) : [];
    const slice = sliceById(specs, (spec) => spec.id, pageRequest(input));
    return toPage(slice, specs.length, (spec) => presentOpenApiSpec(ctx.urls, spec, permissions));
  },
});
