/** oidc-provider ships no types: the little the test provider uses, loosely. */
declare module 'oidc-provider' {
  import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';

  // biome-ignore lint/suspicious/noExplicitAny: the configuration is oidc-provider's to check
  type Loose = any;

  export default class Provider {
    constructor(issuer: string, configuration: Loose);
    Grant: Loose;
    callback(): RequestListener;
    interactionFinished(
      request: IncomingMessage,
      response: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
  }
}
