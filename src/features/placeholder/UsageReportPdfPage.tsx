/** /usage-report-pdf: the printable usage report arrives with usage statistics; the page already needs a session. */
import { Box } from '@chakra-ui/react';
import PlaceholderPage from '../../components/PlaceholderPage';

export default function UsageReportPdfPage() {
  return (
    <Box p="6">
      <PlaceholderPage titleId="pages.usage_statistics" />
    </Box>
  );
}
