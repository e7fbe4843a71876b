/** How many operations a dereferenced description has: one per HTTP method of each path. */
const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

export function countOperations(api: { paths?: unknown }): number {
  if (typeof api.paths !== 'object' || api.paths === null) return 0;
  let operations = 0;
  for (const pathItem of Object.values(api.paths)) {
    if (typeof pathItem !== 'object' || pathItem === null) continue;
    for (const [key, operation] of Object.entries(pathItem))
      if (METHODS.has(key) && typeof operation === 'object' && operation !== null) operations++;
  }
  return operations;
}
