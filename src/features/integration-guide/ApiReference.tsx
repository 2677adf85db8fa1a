/**
 * The API reference drawn from the OpenAPI document by Scalar (@scalar/api-reference-react, a Vue app in a
 * React wrapper). It is a chunk of its own, loaded after the guide's text has drawn: it is by far the largest
 * piece of the page. Everything that would reach outside the app is switched off, because the app's
 * Content-Security-Policy allows nothing but its own origin and the product runs on networks without the
 * internet: Scalar's fonts (served from its own site), its telemetry, its request proxy, its "try it" client,
 * its AI agent and its MCP link (and its colours are darkened to pass contrast, api-reference.css). The document is handed over as content, already read, so Scalar fetches nothing.
 */
import { Box } from '@chakra-ui/react';
import { ApiReferenceReact } from '@scalar/api-reference-react';
import '@scalar/api-reference-react/style.css';
import './api-reference.css';
import { useMemo } from 'react';
import type { Language } from '@common/enums';

export default function ApiReference({ document, language }: { document: object; language: Language }) {
  const configuration = useMemo(
    () => ({
      content: document,
      withDefaultFonts: false,
      telemetry: false,
      hideClientButton: true,
      hideTestRequestButton: true,
      showDeveloperTools: 'never' as const,
      showToolbar: 'never' as const,
      mcp: { disabled: true },
      agent: { disabled: true },
      // The app has one light theme; Scalar's own toggle would only repaint the reference.
      forceDarkModeState: 'light' as const,
      hideDarkModeToggle: true,
      documentDownloadType: 'json' as const,
      // Every tag open: a collapsed tag's "show more" button takes the tag section's own id (a Scalar defect),
      // and two elements with one id confuse screen readers (tests/e2e/axe.ts refuses it).
      defaultOpenAllTags: true,
      // Scalar's own labels follow the user's language; the reference itself reads left to right even in
      // Arabic, because what it shows is the document's English text, paths and code, whose punctuation
      // and brackets a right-to-left layout scatters (tried: "the database." rendered as ".the database").
      localization: { locale: language, direction: 'ltr' as const },
    }),
    [document, language],
  );
  return (
    <Box data-testid="api-reference" className="aml-api-reference" dir="ltr" borderWidth="1px" rounded="l3" overflow="hidden" bg="white">
      <ApiReferenceReact configuration={configuration} />
    </Box>
  );
}
