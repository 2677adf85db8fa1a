/**
 * The parts every spreadsheet upload dialog shows around its drop zone (a bulk search file, a custom
 * list): the template downloads before a file is chosen, and the progress while the file is sent and then
 * processed by the server. Strings by prefix: `<prefix>.template`, `.template_csv`, `.template_xlsx`,
 * `.file`, `.sending`.
 */
import { Button, HStack, Progress, Stack, Text } from '@chakra-ui/react';
import { LuDownload } from 'react-icons/lu';
import { FormattedMessage, useIntl } from 'react-intl';
import { messageText } from '../lib/i18n';
import { notify } from '../lib/toaster';

const TEMPLATE_FORMATS = ['csv', 'xlsx'] as const;

export function TemplateDownloads({
  prefix,
  testIdPrefix,
  download,
}: {
  prefix: string;
  /** Each button's test id is this followed by its format. */
  testIdPrefix: string;
  download: (format: (typeof TEMPLATE_FORMATS)[number]) => Promise<unknown>;
}) {
  return (
    <HStack gap="2" fontSize="sm" wrap="wrap">
      <Text color="fg.muted">
        <FormattedMessage id={`${prefix}.template`} />
      </Text>
      {TEMPLATE_FORMATS.map((format) => (
        <Button
          key={format}
          size="xs"
          variant="outline"
          data-testid={`${testIdPrefix}${format}`}
          onClick={() => download(format).catch((e: { code?: string; message?: string }) => notify.error(messageText(e.code, e.message ?? '')))}
        >
          <LuDownload /> <FormattedMessage id={`${prefix}.template_${format}`} />
        </Button>
      ))}
    </HStack>
  );
}

/** The bar fills while the file is sent, then runs without an end while the server works on it. */
export function UploadProgress({
  prefix,
  percent,
  processing,
  processingMessage,
  testId,
}: {
  prefix: string;
  percent: number | null;
  /** Sent: the server is reading, checking or storing it. */
  processing: boolean;
  /** What the server is doing once the file is sent (a message id). */
  processingMessage: string;
  testId: string;
}) {
  const intl = useIntl();
  return (
    <Stack gap="2" data-testid={testId}>
      <Progress.Root value={processing ? null : (percent ?? 0)} size="sm" colorPalette="brand" aria-label={intl.formatMessage({ id: `${prefix}.file` })}>
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      <Text fontSize="sm" color="fg.muted">
        {processing ? <FormattedMessage id={processingMessage} /> : <FormattedMessage id={`${prefix}.sending`} values={{ percent: intl.formatNumber(percent ?? 0) }} />}
      </Text>
    </Stack>
  );
}
