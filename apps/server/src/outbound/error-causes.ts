/**
 * An error and its causes, outermost first (at most 8): undici wraps a refused address (the
 * guarded lookup's) in the error it throws, which callers look for along the chain.
 */
export function causesOf(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let current = error; current !== undefined && chain.length < 8; ) {
    chain.push(current);
    current = (current as { cause?: unknown } | null)?.cause;
  }
  return chain;
}
