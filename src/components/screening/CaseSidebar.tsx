/** The right sidebar of the screens that show a screened case (the case screens, the demo): search information and case information. */
import { Badge, Box, DataList, HStack, Image, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useEffect, useState } from 'react';
import { monitoringState, type CaseDetailView, type MonitoringReach } from '@common/cases';
import { Name } from '../Name';
import { TitledCard } from '../TitledCard';
import { apiCall } from '../../lib/api';
import { CaseStatusBadge, DateTime, MatchBadge, RiskBadge, datesLabelId, datesText, useCountryNames, valueLabel } from './labels';

function Row({ label, children, testId }: { label: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <DataList.Item data-testid={testId}>
      <DataList.ItemLabel fontSize="xs" minW="28" flexShrink="0">
        {label}
      </DataList.ItemLabel>
      <DataList.ItemValue fontSize="sm" minW="0" overflowWrap="anywhere">
        {children}
      </DataList.ItemValue>
    </DataList.Item>
  );
}

function FaceImage({ reference }: { reference: string }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let revoke: string | null = null;
    apiCall<Blob>('/face-image', { method: 'GET', query: { reference }, responseType: 'blob' } as never).then(
      (blob) => setUrl((revoke = URL.createObjectURL(blob))),
      () => setUrl(null),
    );
    return () => {
      if (revoke) URL.revokeObjectURL(revoke);
    };
  }, [reference]);
  return url ? <Image src={url} alt="" maxH="28" rounded="md" borderWidth="1px" /> : null;
}

/** Monitoring as it is: off, on for the whole case, or on for some of its entities (switched on from the entity detail). */
function MonitoringReachText({ reach, of }: { reach: MonitoringReach; of: number }) {
  const state = monitoringState(reach);
  return (
    <Text as="span" color={state === 'off' ? 'fg.muted' : undefined} fontWeight={state === 'off' ? undefined : 'medium'}>
      <FormattedMessage id={`cases.monitoring.state_${state}`} values={{ count: reach.entities, total: of }} />
    </Text>
  );
}

export function CaseSidebar({ kase, children }: { kase: CaseDetailView; children?: ReactNode }) {
  const intl = useIntl();
  const countries = useCountryNames();
  const si = kase.search_input;
  const yes = (v: boolean) => intl.formatMessage({ id: v ? 'cases.common.yes' : 'cases.common.no' });
  const birthDate = { year: si.birth_year, month: si.birth_month, day: si.birth_day };
  const birth = datesText(intl, [birthDate]);
  return (
    <Stack gap="4" data-testid="case-sidebar">
      <TitledCard size="sm" titleSize="md" title={<FormattedMessage id="cases.sidebar.search_information" />}>
        {kase.has_face_image && (
          <Box mb="3">
            <FaceImage reference={kase.reference} />
          </Box>
        )}
        <DataList.Root orientation="horizontal" size="sm" gap="2">
          <Row label={<FormattedMessage id="cases.fields.search_term" />}>
            <Name>{si.search_term}</Name>
          </Row>
          <Row label={<FormattedMessage id="cases.fields.entity_type" />}>{valueLabel(intl, 'entity_type', si.entity_type)}</Row>
          {birth && (
            <Row label={<FormattedMessage id={datesLabelId([birthDate], si.entity_type)} />} testId="sidebar-birth-date">
              {birth}
            </Row>
          )}
          {si.countries.length > 0 && <Row label={<FormattedMessage id="cases.fields.countries" />}>{countries(si.countries)}</Row>}
          {si.residence_countries.length > 0 && <Row label={<FormattedMessage id="cases.fields.residence_countries" />}>{countries(si.residence_countries)}</Row>}
          {si.nationality && <Row label={<FormattedMessage id="cases.fields.nationality" />}>{countries([si.nationality])}</Row>}
          {si.gender && <Row label={<FormattedMessage id="cases.fields.gender" />}>{valueLabel(intl, 'gender', si.gender)}</Row>}
          {si.unique_identifier && <Row label={<FormattedMessage id="cases.fields.unique_identifier" />}>{si.unique_identifier}</Row>}
          <Row label={<FormattedMessage id="cases.fields.match_score" />}>{intl.formatNumber(kase.match_score / 100, { style: 'percent' })}</Row>
          <Row label={<FormattedMessage id="cases.fields.exact_match" />}>{yes(si.exact_match)}</Row>
          <Row label={<FormattedMessage id="cases.fields.match_akas" />}>{yes(si.match_akas)}</Row>
          <Row label={<FormattedMessage id="cases.fields.match_rca" />}>{yes(si.match_rca)}</Row>
          <Row label={<FormattedMessage id="cases.fields.databases" />}>
            <Stack gap="1">
              {kase.search_profile && (
                <Text>
                  <FormattedMessage id="cases.sidebar.profile" values={{ title: kase.search_profile.title }} />
                </Text>
              )}
              <HStack gap="1" wrap="wrap">
                {kase.databases.map((d) => (
                  <Badge key={d} size="sm" variant="outline" whiteSpace="normal" textAlign="start" h="auto" py="0.5">
                    {valueLabel(intl, 'database', d)}
                  </Badge>
                ))}
              </HStack>
            </Stack>
          </Row>
        </DataList.Root>
      </TitledCard>
      <TitledCard size="sm" titleSize="md" title={<FormattedMessage id="cases.sidebar.case_information" />}>
        <DataList.Root orientation="horizontal" size="sm" gap="2">
          <Row label={<FormattedMessage id="cases.fields.reference" />}>
            <Text fontFamily="mono" data-testid="case-reference">
              {kase.reference}
            </Text>
          </Row>
          <Row label={<FormattedMessage id="cases.fields.case_status" />} testId="sidebar-case-status">
            <CaseStatusBadge value={kase.case_status} />
          </Row>
          <Row label={<FormattedMessage id="cases.fields.match_status" />}>
            <MatchBadge value={kase.match_status} />
          </Row>
          <Row label={<FormattedMessage id="cases.fields.risk_level" />}>
            <RiskBadge value={kase.risk_level} />
          </Row>
          <Row label={<FormattedMessage id="cases.sidebar.decided_by" />} testId="sidebar-risk-engine">
            {kase.risk_engine ? (
              <FormattedMessage id="cases.sidebar.engine_version" values={{ title: <Name>{kase.risk_engine.title}</Name>, version: kase.risk_engine.version }} />
            ) : (
              <Text as="span" color="fg.muted">
                <FormattedMessage id="cases.sidebar.default_rules" />
              </Text>
            )}
          </Row>
          <Row label={<FormattedMessage id="cases.fields.hit_count" />}>{intl.formatNumber(kase.hit_count)}</Row>
          <Row label={<FormattedMessage id="cases.fields.created_at" />}>
            <DateTime value={kase.created_at} />
          </Row>
          <Row label={<FormattedMessage id="cases.fields.created_by" />}>{kase.created_by?.name ?? '—'}</Row>
          <Row label={<FormattedMessage id="cases.fields.updated_at" />}>
            <DateTime value={kase.updated_at} />
          </Row>
          <Row label={<FormattedMessage id="cases.fields.assignees" />}>{kase.assignees.length ? <Name>{kase.assignees.map((a) => a.name).join(', ')}</Name> : '—'}</Row>
          <Row label={<FormattedMessage id="cases.fields.aml_monitoring" />} testId="sidebar-aml-monitoring">
            <MonitoringReachText reach={kase.monitoring.aml} of={kase.monitoring.of_entities} />
          </Row>
          <Row label={<FormattedMessage id="cases.fields.adverse_media_monitoring" />} testId="sidebar-adverse-media-monitoring">
            <MonitoringReachText reach={kase.monitoring.adverse_media} of={kase.monitoring.of_entities} />
          </Row>
          {kase.client_reference && <Row label={<FormattedMessage id="cases.fields.client_reference" />}>{kase.client_reference}</Row>}
          {kase.national_id && <Row label={<FormattedMessage id="cases.fields.national_id" />}>{kase.national_id}</Row>}
          {kase.is_deleted && (
            <Row label={<FormattedMessage id="cases.fields.deleted" />}>
              <Text color="fg.error">
                <FormattedMessage id="cases.sidebar.deleted" values={{ name: kase.deleted_by?.name ?? '—', reason: kase.delete_reason ?? '' }} />
              </Text>
            </Row>
          )}
        </DataList.Root>
        {children && (
          <Stack gap="3" mt="4" pt="4" borderTopWidth="1px">
            {children}
          </Stack>
        )}
      </TitledCard>
    </Stack>
  );
}
