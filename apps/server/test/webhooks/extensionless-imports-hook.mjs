/**
 * `node --import` this in a child that runs the bundled server (`webhook-crash.test.ts`):
 * the bundle keeps the server's npm dependencies as imports, and one of them is imported by a
 * deep path without its extension (`@node-saml/node-saml/lib/xml`), which Node's ES module
 * resolution refuses; the build resolves such paths to their file, the test bundler does not.
 * This hook tries the path again with `.js`.
 */
import { register } from 'node:module';

const hook = `
export async function resolve(specifier, context, next) {
  try {
    return await next(specifier, context);
  } catch (error) {
    const bare = !specifier.startsWith('.') && !specifier.startsWith('/') && !specifier.startsWith('node:');
    if (error?.code === 'ERR_MODULE_NOT_FOUND' && bare && !/\\.[cm]?js$/.test(specifier))
      return next(specifier + '.js', context);
    throw error;
  }
}`;
register(`data:text/javascript,${encodeURIComponent(hook)}`);
