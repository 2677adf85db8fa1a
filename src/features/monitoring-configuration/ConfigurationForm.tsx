/** The configuration form: duration (or a custom end date), alert frequency and channels, saved together. */
import { Box, Button, Checkbox, Fieldset, HStack, Input, Portal, RadioGroup, Stack, Text, Tooltip } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ALERT_FREQUENCIES, MONITORING_DURATIONS, NOTIFICATION_CHANNELS } from '@common/enums';
import { isoDay, type NotificationChannel } from '@common/monitoring';
import type { MonitoringConfigurationField } from '@machines/monitoring-configuration/monitoring-configuration.machine';
import { selectDirty, selectError, selectFieldErrors, selectReadOnly, selectSaving, selectValues, selectView } from '@machines/monitoring-configuration/monitoring-configuration.selectors';
import { FormField } from '../../components/FormField';
import { Select } from '../../components/Select';
import { ServerError } from '../../components/ServerError';
import { TitledCard } from '../../components/TitledCard';
import { messageById } from '../../lib/i18n';
import type { ConfigurationActor } from './types';

const tomorrow = () => isoDay(new Date(Date.now() + 86_400_000));

function ChannelOption({ channel, checked, disabled, unavailable, onChange }: { channel: NotificationChannel; checked: boolean; disabled: boolean; unavailable: boolean; onChange: (checked: boolean) => void }) {
  const box = (
    <Checkbox.Root colorPalette="brand" alignItems="flex-start" checked={checked} disabled={disabled} onCheckedChange={(d) => onChange(d.checked === true)} data-testid={`channel-${channel}`}>
      <Checkbox.HiddenInput name="channels" value={channel} />
      <Checkbox.Control mt="0.5" />
      <Checkbox.Label>
        <Stack gap="0">
          <Text>
            <FormattedMessage id={`monitoring_configuration.channel.${channel}`} />
          </Text>
          <Text fontSize="xs" color="fg.muted" fontWeight="normal">
            <FormattedMessage id={unavailable ? 'monitoring_configuration.channel.webhooks_unavailable_short' : `monitoring_configuration.channel.${channel}_help`} />
          </Text>
        </Stack>
      </Checkbox.Label>
    </Checkbox.Root>
  );
  if (!unavailable) return box;
  // A disabled box takes neither the pointer nor the focus: the tooltip hangs on its wrapper, and the line under
  // the label says the same for keyboards and screen readers.
  return (
    <Tooltip.Root openDelay={200} positioning={{ placement: 'top-start' }}>
      <Tooltip.Trigger asChild>
        <Box w="fit-content" data-testid="webhooks-unavailable">
          {box}
        </Box>
      </Tooltip.Trigger>
      <Portal>
        <Tooltip.Positioner>
          <Tooltip.Content maxW="xs">
            <FormattedMessage id="monitoring_configuration.channel.webhooks_unavailable" />
          </Tooltip.Content>
        </Tooltip.Positioner>
      </Portal>
    </Tooltip.Root>
  );
}

export function ConfigurationForm({ actor }: { actor: ConfigurationActor }) {
  const intl = useIntl();
  const values = useSelector(actor, selectValues);
  const view = useSelector(actor, selectView)!;
  const readOnly = useSelector(actor, selectReadOnly);
  const saving = useSelector(actor, selectSaving);
  const dirty = useSelector(actor, selectDirty);
  const errors = useSelector(actor, selectFieldErrors);
  const error = useSelector(actor, selectError);
  const edit = (field: MonitoringConfigurationField, value: unknown) => actor.send({ type: 'EDIT', field, value });
  const label = (id: string) => intl.formatMessage({ id });

  return (
    <TitledCard title={<FormattedMessage id="monitoring_configuration.form.title" />} data-testid="monitoring-form">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          actor.send({ type: 'SUBMIT' });
        }}
      >
        <Stack gap="7">
          <Fieldset.Root invalid={Boolean(errors.duration)} disabled={readOnly}>
            <Fieldset.Legend>
              <FormattedMessage id="monitoring_configuration.form.duration" />
            </Fieldset.Legend>
            <Fieldset.HelperText>
              <FormattedMessage id="monitoring_configuration.form.duration_help" />
            </Fieldset.HelperText>
            <RadioGroup.Root value={values.duration} onValueChange={(d) => edit('duration', d.value)} colorPalette="brand" disabled={readOnly} name="duration" mt="2">
              <Stack gap="3">
                {MONITORING_DURATIONS.map((d) => (
                  <RadioGroup.Item key={d} value={d} data-testid={`duration-${d}`}>
                    <RadioGroup.ItemHiddenInput />
                    <RadioGroup.ItemIndicator />
                    <RadioGroup.ItemText>
                      <FormattedMessage id={`monitoring_configuration.duration.${d}`} />
                    </RadioGroup.ItemText>
                  </RadioGroup.Item>
                ))}
              </Stack>
            </RadioGroup.Root>
            {errors.duration && <Fieldset.ErrorText data-testid="field-error">{messageById(errors.duration)}</Fieldset.ErrorText>}
          </Fieldset.Root>

          {values.duration === 'custom' && (
            <Box maxW="xs" ps={{ base: '0', md: '7' }}>
              <FormField
                label={<FormattedMessage id="monitoring_configuration.form.end_date" />}
                error={errors.custom_end_date}
                helper={<FormattedMessage id="monitoring_configuration.form.end_date_help" />}
                required
              >
                <Input type="date" name="custom_end_date" min={tomorrow()} value={values.custom_end_date} disabled={readOnly} onChange={(e) => edit('custom_end_date', e.target.value)} />
              </FormField>
            </Box>
          )}

          <Box maxW="sm">
            <FormField label={<FormattedMessage id="monitoring_configuration.form.frequency" />} error={errors.alert_frequency} helper={<FormattedMessage id="monitoring_configuration.form.frequency_help" />}>
              <Select
                name="alert_frequency"
                data-testid="alert-frequency"
                value={values.alert_frequency}
                disabled={readOnly}
                onChange={(e) => edit('alert_frequency', e.currentTarget.value)}
                options={ALERT_FREQUENCIES.map((f) => ({ value: f, label: label(`monitoring_configuration.frequency.${f}`) }))}
              />
            </FormField>
          </Box>

          <Fieldset.Root invalid={Boolean(errors.channels)}>
            <Fieldset.Legend>
              <FormattedMessage id="monitoring_configuration.form.channels" />
            </Fieldset.Legend>
            <Fieldset.HelperText>
              <FormattedMessage id="monitoring_configuration.form.channels_help" />
            </Fieldset.HelperText>
            <Stack gap="3" mt="2">
              {NOTIFICATION_CHANNELS.map((channel) => {
                const unavailable = channel === 'webhooks' && !view.webhooks_available;
                return (
                  <ChannelOption
                    key={channel}
                    channel={channel}
                    checked={values.channels.includes(channel)}
                    disabled={readOnly || unavailable}
                    unavailable={unavailable}
                    onChange={(checked) => edit('channels', checked ? [...values.channels, channel] : values.channels.filter((c) => c !== channel))}
                  />
                );
              })}
            </Stack>
            {errors.channels && <Fieldset.ErrorText data-testid="field-error">{messageById(errors.channels)}</Fieldset.ErrorText>}
          </Fieldset.Root>

          <ServerError message={error?.message ?? null} code={error?.code} />
          {!readOnly && (
            <HStack justify="flex-end" gap="3">
              <Button variant="ghost" disabled={!dirty || saving} onClick={() => actor.send({ type: 'DISCARD' })} data-testid="discard-monitoring">
                <FormattedMessage id="monitoring_configuration.form.discard" />
              </Button>
              <Button type="submit" colorPalette="brand" loading={saving} disabled={!dirty} data-testid="save-monitoring">
                <FormattedMessage id="monitoring_configuration.form.save" />
              </Button>
            </HStack>
          )}
        </Stack>
      </form>
    </TitledCard>
  );
}
