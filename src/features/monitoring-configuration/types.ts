/** The screen's actor, as its parts receive it. */
import type { ActorRefFrom } from 'xstate';
import type { monitoringConfigurationMachine } from '@machines/monitoring-configuration/monitoring-configuration.machine';

export type ConfigurationActor = ActorRefFrom<typeof monitoringConfigurationMachine>;
