/**
 * Whether a document can run reads of one kind side by side in one tick, which is what the
 * gathering repositories (`batched-repositories.ts`) are for: several root fields, or a list
 * of objects anywhere (fifty spaces each asking for their organization). A document of one
 * root field selecting single objects and scalars (`orgsGet`, a page's fields) runs its
 * reads one after the other, so gathering them would only cost a loader, a proxy and a tick
 * per read. Lists of scalars or enums (`emailDomains`) resolve nothing and do not count.
 *
 * Decided from the document and the schema alone, once per prepared document
 * (`prepared-operations.ts`); the answer changes how reads are made, never what they see:
 * the gathering repositories keep nothing past a tick.
 */
import {
  BREAK,
  type DocumentNode,
  type GraphQLSchema,
  getNullableType,
  isLeafType,
  isListType,
  Kind,
  type OperationDefinitionNode,
  TypeInfo,
  visit,
  visitWithTypeInfo,
} from 'graphql';

export function readsSideBySide(schema: GraphQLSchema, document: DocumentNode): boolean {
  const operations = document.definitions.filter(
    (node): node is OperationDefinitionNode => node.kind === Kind.OPERATION_DEFINITION,
  );
  const roots = operations[0]?.selectionSet.selections ?? [];
  // Fragments at the root could hold several fields: counted as side by side.
  if (operations.length !== 1 || roots.length !== 1 || roots[0]!.kind !== Kind.FIELD) return true;
  const typeInfo = new TypeInfo(schema);
  let lists = false;
  visit(
    document,
    visitWithTypeInfo(typeInfo, {
      Field() {
        const type = typeInfo.getType();
        // A field the schema does not know would not have validated: assume the worst.
        if (type === null || type === undefined) {
          lists = true;
          return BREAK;
        }
        let unwrapped = getNullableType(type);
        if (!isListType(unwrapped)) return undefined;
        while (isListType(unwrapped)) unwrapped = getNullableType(unwrapped.ofType);
        if (isLeafType(unwrapped)) return undefined;
        lists = true;
        return BREAK;
      },
    }),
  );
  return lists;
}
