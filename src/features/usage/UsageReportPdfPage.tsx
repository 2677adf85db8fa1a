/**
 * /usage-report-pdf?token=... (section 2: public, needs a token, otherwise sign-in; the router sends a visit
 * without a token to /login): opens the usage report a report link names, without signing in, and offers it
 * to save or open. An unknown or expired link shows the API's message. The flow is machines/usage/report-link.
 * Its strings are the signed-in app's, so it waits for them like any signed-in page.
 */
import { Box, Button, Card, Center, Heading, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { LuDownload, LuExternalLink, LuFileText } from 'react-icons/lu';
import { FormattedMessage } from 'react-intl';
import { Link, useSearch } from 'wouter';
import { fromPromise } from 'xstate';
import { reportLinkMachine } from '@machines/usage/report-link.machine';
import { selectError, selectFailed, selectFile, selectLinkDead, selectLoading } from '@machines/usage/report-link.selectors';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { Logo } from '../../components/Logo';
import { ServerError } from '../../components/ServerError';
import { saveBlob } from '../../lib/api';
import { useAppMessages } from '../../lib/i18n';
import { inspect } from '../../lib/inspector';
import { usageApi } from './api';

const machine = reportLinkMachine.provide({
  actors: { fetch: fromPromise(({ input }) => usageApi.openLink(input.token)) },
  actions: { save: (_, { file }) => saveBlob(file.blob, file.fileName) },
});

function Report({ token }: { token: string }) {
  const actor = useActorRef(machine, { input: { token }, inspect });
  const loading = useSelector(actor, selectLoading);
  const failed = useSelector(actor, selectFailed);
  const file = useSelector(actor, selectFile);
  const error = useSelector(actor, selectError);
  const dead = useSelector(actor, selectLinkDead);
  if (loading) {
    return (
      <HStack gap="3" aria-busy="true" data-testid="usage-report-loading">
        <Spinner size="sm" color="brand.solid" />
        <Text>
          <FormattedMessage id="usage.report.loading" />
        </Text>
      </HStack>
    );
  }
  if (failed) {
    return (
      <Stack gap="4" data-testid="usage-report-failed">
        <Heading as="h2" size="md">
          <FormattedMessage id="usage.report.failed" />
        </Heading>
        <ServerError message={error?.message ?? null} code={error?.code} />
        <HStack gap="3">
          {!dead && (
            <Button variant="outline" onClick={() => actor.send({ type: 'RETRY' })}>
              <FormattedMessage id="usage.report.retry" />
            </Button>
          )}
          <Button asChild variant="ghost" colorPalette="brand">
            <Link href="/login">
              <FormattedMessage id="usage.report.sign_in" />
            </Link>
          </Button>
        </HStack>
      </Stack>
    );
  }
  return (
    <Stack gap="4" data-testid="usage-report-ready">
      <HStack gap="3">
        <Box color="brand.solid" fontSize="2xl" aria-hidden>
          <LuFileText />
        </Box>
        <Stack gap="0">
          <Text fontWeight="medium">
            <FormattedMessage id="usage.report.ready_plain" />
          </Text>
          <Text fontSize="sm" color="fg.muted" dir="ltr" textAlign="start">
            {file?.fileName}
          </Text>
        </Stack>
      </HStack>
      <HStack gap="3" wrap="wrap">
        <Button colorPalette="brand" onClick={() => actor.send({ type: 'SAVE' })} data-testid="usage-report-download">
          <LuDownload /> <FormattedMessage id="usage.report.download" />
        </Button>
        {file && (
          <Button asChild variant="outline" colorPalette="brand">
            <a href={file.url} target="_blank" rel="noopener" data-testid="usage-report-open">
              <LuExternalLink /> <FormattedMessage id="usage.report.open" />
            </a>
          </Button>
        )}
      </HStack>
    </Stack>
  );
}

export default function UsageReportPdfPage() {
  const token = new URLSearchParams(useSearch()).get('token')?.trim() ?? '';
  const ready = useAppMessages();
  return (
    <Center minH="100vh" bg="bg.muted" px="4">
      <Card.Root w="full" maxW="lg" data-testid="usage-report-page">
        <Card.Header>
          <HStack justify="space-between">
            <Logo />
            <LanguageSwitch />
          </HStack>
        </Card.Header>
        <Card.Body>
          {ready ? (
            <Stack gap="5">
              <Heading as="h1" size="lg">
                <FormattedMessage id="usage.report.title" />
              </Heading>
              {/* A new token (another link opened in this tab) is a new report. */}
              <Report key={token} token={token} />
            </Stack>
          ) : (
            <Center py="8">
              <Spinner color="brand.solid" />
            </Center>
          )}
        </Card.Body>
      </Card.Root>
    </Center>
  );
}
