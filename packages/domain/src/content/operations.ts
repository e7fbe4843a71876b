/**
 * The content area's operations: `spaces` and `collections` with the roles granted on them
 * (`permissions`), their content and revisions, change requests and templates. Comments,
 * links and search mount their own branches of `spaces` (`comments/area.ts`, ...).
 */
import type { OperationTree } from '../core/operation';
import { changeRequestOperations } from './change-requests/operations';
import {
  notificationOperations,
  organizationMergeRuleOperations,
  spaceMergeRuleOperations,
} from './change-requests/reviews/operations';
import { createCollection } from './collections/operations/create-collection';
import { getCollection } from './collections/operations/get-collection';
import { listCollectionSpaces } from './collections/operations/list-collection-spaces';
import { listCollections } from './collections/operations/list-collections';
import { moveCollection } from './collections/operations/move-collection';
import { removeCollection } from './collections/operations/remove-collection';
import { transferCollection } from './collections/operations/transfer-collection';
import { updateCollection } from './collections/operations/update-collection';
import { collectionPermissionOperations, spacePermissionOperations } from './grants/operations';
import { pageReadOperations as reads } from './page-reads/operations';
import { getReusableContentDocument } from './reusable-contents/operations/get-reusable-content-document';
import {
  getReusableContent,
  listReusableContents,
} from './reusable-contents/operations/list-reusable-contents';
import { applyTemplate } from './revisions/operations/apply-template';
import { getFileLimits } from './revisions/operations/file-limits';
import { getImport } from './revisions/operations/get-import';
import { getPage, getPageByPath } from './revisions/operations/get-page';
import { getRevision } from './revisions/operations/get-revision';
import { getSpaceContent } from './revisions/operations/get-space-content';
import { importSpaceContent } from './revisions/operations/import-space-content';
import { getFile, listFiles } from './revisions/operations/list-files';
import { listPages } from './revisions/operations/list-pages';
import { listRevisionChanges } from './revisions/operations/list-revision-changes';
import { listRevisions } from './revisions/operations/list-revisions';
import { listTemplates } from './revisions/operations/list-templates';
import { spacePdf } from './revisions/operations/pdf-link';
import { restoreRevision } from './revisions/operations/restore-revision';
import { updateSpaceContent } from './revisions/operations/update-space-content';
import { uploadFile } from './revisions/operations/upload-file';
import { createSpace } from './spaces/operations/create-space';
import { duplicateSpace } from './spaces/operations/duplicate-space';
import { getSpace } from './spaces/operations/get-space';
import { listDeletedSpaces } from './spaces/operations/list-deleted-spaces';
import { listMemberSpaces } from './spaces/operations/list-member-spaces';
import { listSpaces } from './spaces/operations/list-spaces';
import { moveSpace } from './spaces/operations/move-space';
import { removeSpace } from './spaces/operations/remove-space';
import { restoreSpace } from './spaces/operations/restore-space';
import { transferSpace } from './spaces/operations/transfer-space';
import { updateSpace } from './spaces/operations/update-space';

export const contentOperations = {
  spaces: {
    list: listSpaces,
    create: createSpace,
    listForMember: listMemberSpaces,
    get: getSpace,
    update: updateSpace,
    remove: removeSpace,
    duplicate: duplicateSpace,
    restore: restoreSpace,
    listDeleted: listDeletedSpaces,
    move: moveSpace,
    transfer: transferSpace,
    permissions: spacePermissionOperations,
    content: {
      get: getSpaceContent,
      update: updateSpaceContent,
      import: importSpaceContent,
      imports: { get: getImport },
      template: applyTemplate,
      pages: { list: listPages },
      page: { get: getPage, metaLinks: reads.pageMetaLinks },
      computed: { document: reads.computedDocument },
      path: { get: getPageByPath },
      files: { list: listFiles, get: getFile, upload: uploadFile, limits: getFileLimits },
      reusableContents: {
        list: listReusableContents,
        get: getReusableContent,
        document: getReusableContentDocument,
      },
    },
    revisions: {
      list: listRevisions,
      get: getRevision,
      changes: listRevisionChanges,
      restore: restoreRevision,
      page: { document: reads.pageDocument },
    },
    documents: { get: reads.spaceDocument },
    embed: { get: reads.embed },
    pdf: spacePdf,
    mergeRules: spaceMergeRuleOperations,
  },
  collections: {
    list: listCollections,
    create: createCollection,
    get: getCollection,
    update: updateCollection,
    remove: removeCollection,
    spaces: { list: listCollectionSpaces },
    move: moveCollection,
    transfer: transferCollection,
    permissions: collectionPermissionOperations,
  },
  changeRequests: changeRequestOperations,
  templates: { list: listTemplates },
  orgs: { mergeRules: organizationMergeRuleOperations },
  user: { notifications: notificationOperations },
} satisfies OperationTree;
