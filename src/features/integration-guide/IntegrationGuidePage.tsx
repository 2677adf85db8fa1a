/**
 * /integration-guide (view_integration_guide): how an organisation's own systems use the API. The product's
 * guide first, in the user's language (the organisation's base address, creating a key and sending it,
 * the rate limits, screening a name in curl, JavaScript and Python, the web hook events and how to verify
 * a delivery's signature), then the reference of every operation and event, drawn by Scalar from
 * GET /api/openapi.json (ApiReference.tsx, a chunk of its own). The samples are code and stay as they are;
 * the prose around them is translated.
 */
import { Box, Code, Heading, HStack, Link, List, Skeleton, Stack, Table, Tabs, Text } from '@chakra-ui/react';
import { lazy, Suspense, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link as RouterLink } from 'wouter';
import { RATE_LIMITS } from '@common/api-keys';
import { ownEntry } from '@common/lookup';
import { WEBHOOK_EVENT_TYPES, WEBHOOK_TYPES, receivesEvent, type WebhookEventType } from '@common/webhooks';
import { CopyButton } from '../../components/CopyButton';
import { PageHeader } from '../../components/PageHeader';
import { ServerError } from '../../components/ServerError';
import { TitledCard } from '../../components/TitledCard';
import { useLanguage } from '../../lib/i18n';
import { useResource } from '../../lib/useResource';
import { screeningSamples, VERIFY_SAMPLES } from './samples';

const ApiReference = lazy(() => import('./ApiReference'));

/** The parts of the OpenAPI document the guide itself reads. */
interface OpenApiDocument {
  info?: { title?: string; version?: string };
  webhooks?: Record<string, { post?: { summary?: string; description?: string } }>;
}

function CodeBlock({ code, label, testId }: { code: string; label: string; testId?: string }) {
  return (
    <Box position="relative" dir="ltr">
      <Box
        as="pre"
        fontFamily="mono"
        fontSize="xs"
        bg="bg.subtle"
        borderWidth="1px"
        rounded="l2"
        p="4"
        pe="12"
        overflowX="auto"
        textAlign="left"
        whiteSpace="pre"
        tabIndex={0}
        aria-label={label}
        data-testid={testId}
      >
        {code}
      </Box>
      <Box position="absolute" top="1" right="1">
        <CopyButton value={code} />
      </Box>
    </Box>
  );
}

function Section({ title, children, testId }: { title: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <Stack gap="3" data-testid={testId}>
      <Heading as="h3" size="md">
        {title}
      </Heading>
      {children}
    </Stack>
  );
}

/** The event's own explanation in the user's language, else the document's English summary. */
function eventDescription(intl: ReturnType<typeof useIntl>, type: string, fromDocument: string | undefined): string {
  const id = `integration_guide.events.${type.replace(/\./g, '_')}`;
  return ownEntry<unknown>(intl.messages, id) ? intl.formatMessage({ id }) : (fromDocument ?? '');
}

export default function IntegrationGuidePage() {
  const intl = useIntl();
  const language = useLanguage();
  const document = useResource<OpenApiDocument>('/openapi.json');
  const base = `${window.location.origin}/api`;
  const samples = screeningSamples(base);
  const documented = document.data?.webhooks ? Object.keys(document.data.webhooks) : [];
  // The document is the catalogue; before it has loaded, the product's own list stands in for it.
  const events = documented.length ? documented : [...WEBHOOK_EVENT_TYPES];
  const code = (chunks: ReactNode[]) => (
    <Code dir="ltr" fontSize="sm">
      {chunks}
    </Code>
  );

  return (
    <Stack gap="0">
      <PageHeader title={<FormattedMessage id="nav.item.integration_guide" />} description={<FormattedMessage id="integration_guide.description" />} />
      <Stack gap="6">

        <TitledCard title={<FormattedMessage id="integration_guide.title" />} data-testid="integration-guide-text">
          <Stack gap="8">
            <Section title={<FormattedMessage id="integration_guide.base_url.title" />} testId="guide-base-url">
              <Text>
                <FormattedMessage id="integration_guide.base_url.body" />
              </Text>
              <HStack gap="2">
                <Code dir="ltr" fontSize="md" px="3" py="1.5" data-testid="guide-base-url-value">
                  {base}
                </Code>
                <CopyButton value={base} />
              </HStack>
            </Section>

            <Section title={<FormattedMessage id="integration_guide.auth.title" />} testId="guide-auth">
              <List.Root as="ol" gap="2" ps="5">
                <List.Item>
                  <FormattedMessage
                    id="integration_guide.auth.step_create"
                    values={{
                      link: (chunks: ReactNode[]) => (
                        <Link asChild color="brand.fg" textDecoration="underline">
                          <RouterLink href="/api-keys">{chunks}</RouterLink>
                        </Link>
                      ),
                    }}
                  />
                </List.Item>
                <List.Item>
                  <FormattedMessage id="integration_guide.auth.step_copy" />
                </List.Item>
                <List.Item>
                  <FormattedMessage id="integration_guide.auth.step_send" values={{ code }} />
                </List.Item>
              </List.Root>
              <CodeBlock code="Authorization: Bearer amlk_…" label={intl.formatMessage({ id: 'integration_guide.auth.title' })} />
              <Text fontSize="sm" color="fg.muted">
                <FormattedMessage id="integration_guide.auth.note" values={{ code }} />
              </Text>
            </Section>

            <Section title={<FormattedMessage id="integration_guide.limits.title" />} testId="guide-limits">
              <Text>
                <FormattedMessage
                  id="integration_guide.limits.body"
                  values={{ per_key: intl.formatNumber(RATE_LIMITS.perKeyPerMinute), per_organisation: intl.formatNumber(RATE_LIMITS.perOrganisationPerMinute), code }}
                />
              </Text>
            </Section>

            <Section title={<FormattedMessage id="integration_guide.samples.title" />} testId="guide-samples">
              <Text>
                <FormattedMessage id="integration_guide.samples.body" values={{ code }} />
              </Text>
              <Tabs.Root defaultValue="curl" variant="enclosed" size="sm" lazyMount={false}>
                <Tabs.List>
                  <Tabs.Trigger value="curl">curl</Tabs.Trigger>
                  <Tabs.Trigger value="javascript">JavaScript (fetch)</Tabs.Trigger>
                  <Tabs.Trigger value="python">Python (requests)</Tabs.Trigger>
                </Tabs.List>
                {(['curl', 'javascript', 'python'] as const).map((lang) => (
                  <Tabs.Content key={lang} value={lang}>
                    <CodeBlock code={samples[lang]} label={intl.formatMessage({ id: 'integration_guide.samples.title' })} testId={`sample-${lang}`} />
                  </Tabs.Content>
                ))}
              </Tabs.Root>
            </Section>

            <Section title={<FormattedMessage id="integration_guide.events.title" />} testId="guide-events">
              <Text>
                <FormattedMessage id="integration_guide.events.body" values={{ code }} />
              </Text>
              <Box overflowX="auto">
                <Table.Root size="sm" variant="line" aria-label={intl.formatMessage({ id: 'integration_guide.events.title' })}>
                  <Table.Header>
                    <Table.Row bg="gray.50">
                      <Table.ColumnHeader>
                        <FormattedMessage id="integration_guide.events.event" />
                      </Table.ColumnHeader>
                      <Table.ColumnHeader>
                        <FormattedMessage id="integration_guide.events.meaning" />
                      </Table.ColumnHeader>
                      {WEBHOOK_TYPES.map((t) => (
                        <Table.ColumnHeader key={t} whiteSpace="nowrap">
                          <FormattedMessage id={`web_hooks.type.${t}`} />
                        </Table.ColumnHeader>
                      ))}
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {events.map((type) => (
                      <Table.Row key={type} data-testid="guide-event">
                        <Table.Cell>
                          <Code dir="ltr" fontSize="xs" whiteSpace="nowrap">
                            {type}
                          </Code>
                        </Table.Cell>
                        <Table.Cell fontSize="sm">{eventDescription(intl, type, document.data?.webhooks?.[type]?.post?.summary)}</Table.Cell>
                        {WEBHOOK_TYPES.map((t) => (
                          <Table.Cell key={t} fontSize="sm">
                            {(WEBHOOK_EVENT_TYPES as readonly string[]).includes(type) && receivesEvent(t, type as WebhookEventType) ? (
                              <FormattedMessage id="integration_guide.events.yes" />
                            ) : (
                              <Text as="span" color="fg.muted">
                                <FormattedMessage id="integration_guide.events.no" />
                              </Text>
                            )}
                          </Table.Cell>
                        ))}
                      </Table.Row>
                    ))}
                  </Table.Body>
                </Table.Root>
              </Box>
            </Section>

            <Section title={<FormattedMessage id="integration_guide.verify.title" />} testId="guide-verify">
              <Text>
                <FormattedMessage id="integration_guide.verify.body" values={{ code }} />
              </Text>
              <List.Root gap="1" ps="5">
                <List.Item>
                  <FormattedMessage id="integration_guide.verify.header_id" values={{ code }} />
                </List.Item>
                <List.Item>
                  <FormattedMessage id="integration_guide.verify.header_timestamp" values={{ code }} />
                </List.Item>
                <List.Item>
                  <FormattedMessage id="integration_guide.verify.header_signature" values={{ code }} />
                </List.Item>
              </List.Root>
              <Text>
                <FormattedMessage
                  id="integration_guide.verify.secret"
                  values={{
                    code,
                    link: (chunks: ReactNode[]) => (
                      <Link asChild color="brand.fg" textDecoration="underline">
                        <RouterLink href="/settings">{chunks}</RouterLink>
                      </Link>
                    ),
                  }}
                />
              </Text>
              <Tabs.Root defaultValue="javascript" variant="enclosed" size="sm" lazyMount={false}>
                <Tabs.List>
                  <Tabs.Trigger value="javascript">JavaScript (standardwebhooks)</Tabs.Trigger>
                  <Tabs.Trigger value="python">Python (standardwebhooks)</Tabs.Trigger>
                </Tabs.List>
                {(['javascript', 'python'] as const).map((lang) => (
                  <Tabs.Content key={lang} value={lang}>
                    <CodeBlock code={VERIFY_SAMPLES[lang]} label={intl.formatMessage({ id: 'integration_guide.verify.title' })} testId={`verify-${lang}`} />
                  </Tabs.Content>
                ))}
              </Tabs.Root>
            </Section>
          </Stack>
        </TitledCard>

        <Stack gap="3">
          <Heading as="h2" size="lg">
            <FormattedMessage id="integration_guide.reference.title" />
          </Heading>
          {document.error && <ServerError message={document.error.message} code={document.error.code} />}
          {!document.data && !document.error && <Skeleton height="96" data-testid="api-reference-loading" />}
          {document.data && (
            <Suspense fallback={<Skeleton height="96" data-testid="api-reference-loading" />}>
              <ApiReference document={document.data} language={language} />
            </Suspense>
          )}
        </Stack>
      </Stack>
    </Stack>
  );
}
