/**
 * A version rendered as an API reference by Scalar's React component (operations grouped by
 * tag, parameters, request and response schemas, examples). Loaded only by
 * `ApiReferenceView` (`lazy`): Scalar and its styles are a chunk of their own, fetched when a
 * spec is first shown, so the rest of the app does not grow.
 *
 * It is given the root document's text (Scalar parses JSON and YAML itself). Nothing leaves
 * the browser for it: no telemetry, no web fonts from Scalar's servers, no AI agent or MCP
 * generator (Scalar's services), no "try it" client (whose requests would go from the
 * reader's browser to the API's servers).
 */
import { ApiReferenceReact } from '@scalar/api-reference-react';
import '@scalar/api-reference-react/style.css';
import { useMemo } from 'react';

export default function ScalarReference({ text, title }: { text: string; title: string }) {
  const configuration = useMemo(
    () => ({
      content: text,
      title,
      telemetry: false,
      withDefaultFonts: false,
      hideClientButton: true,
      hideTestRequestButton: true,
      hideDarkModeToggle: true,
      forceDarkModeState: 'light' as const,
      showDeveloperTools: 'never' as const,
      documentDownloadType: 'none' as const,
      // Scalar's AI agent and MCP generator talk to Scalar's own servers.
      agent: { disabled: true },
      mcp: { disabled: true },
    }),
    [text, title],
  );
  return (
    <div className="api-reference">
      <ApiReferenceReact configuration={configuration} />
    </div>
  );
}
