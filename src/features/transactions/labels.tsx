/**
 * How transaction monitoring's values are shown: a transaction's status, direction and amount, an alert's level
 * and workflow status, a rule's status, a customer's risk level (each translated under transactions.*), and the
 * small pieces every screen of the area repeats (an account with its name, a country, a date).
 */
import { Badge, HStack, Stack, Text, chakra } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuArrowDownLeft, LuArrowUpRight } from 'react-icons/lu';
import { FormattedDate, FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { Name } from '../../components/Name';
import { countryName } from '../../lib/countries';
import { slug } from '../../lib/valueLabels';

const STATUS_COLOURS: Record<string, string> = {
  created: 'gray',
  accepted: 'green',
  rejected: 'red',
  'AML hold': 'red',
  'hold other': 'orange',
  'under review': 'yellow',
  deleted: 'gray',
  'AML check failed': 'purple',
};
const LEVEL_COLOURS: Record<string, string> = { low: 'green', medium: 'orange', high: 'red' };
const WORKFLOW_COLOURS: Record<string, string> = { open: 'blue', investigating: 'yellow', escalated: 'orange', closed_true_positive: 'red', closed_false_positive: 'green' };

/** A value's label under transactions.<group>.<slug>, or the value itself when there is none. */
export function tmLabel(intl: IntlShape, group: string, value: string): string {
  const id = `transactions.${group}.${slug(value)}`;
  return intl.messages[id] ? intl.formatMessage({ id }) : value;
}

export function TxStatusBadge({ value }: { value: string }) {
  const intl = useIntl();
  return (
    <Badge colorPalette={STATUS_COLOURS[value] ?? 'gray'} variant="subtle" whiteSpace="nowrap" data-testid="tx-status" data-status={value}>
      {tmLabel(intl, 'status', value)}
    </Badge>
  );
}

export function LevelBadge({ value }: { value: string }) {
  const intl = useIntl();
  return (
    <Badge colorPalette={LEVEL_COLOURS[value] ?? 'gray'} variant="solid" whiteSpace="nowrap" data-testid="alert-level" data-level={value}>
      {tmLabel(intl, 'level', value)}
    </Badge>
  );
}

export function RiskBadge({ value }: { value: string }) {
  const intl = useIntl();
  return (
    <Badge colorPalette={LEVEL_COLOURS[value] ?? 'gray'} variant="outline" whiteSpace="nowrap" data-testid="customer-risk">
      {tmLabel(intl, 'risk', value)}
    </Badge>
  );
}

export function WorkflowBadge({ value }: { value: string }) {
  const intl = useIntl();
  return (
    <Badge colorPalette={WORKFLOW_COLOURS[value] ?? 'gray'} variant="subtle" whiteSpace="nowrap" data-testid="alert-status" data-status={value}>
      {tmLabel(intl, 'workflow', value)}
    </Badge>
  );
}

/**
 * Money in or out of the customer's account: an arrow and its name (the arrow is decoration). Compact, in a
 * dense table cell, the name is read by screen readers and shown on hover only.
 */
export function DirectionLabel({ value, compact = false }: { value: string; compact?: boolean }) {
  const intl = useIntl();
  const label = tmLabel(intl, 'direction', value);
  return (
    <HStack gap="1" color={value === 'inbound' ? 'green.fg' : compact ? 'fg.muted' : 'fg'} whiteSpace="nowrap" title={compact ? label : undefined} data-testid="tx-direction">
      {value === 'inbound' ? <LuArrowDownLeft aria-hidden /> : <LuArrowUpRight aria-hidden />}
      <Text as="span" fontSize={compact ? 'xs' : 'sm'} srOnly={compact}>
        {label}
      </Text>
    </HStack>
  );
}

/** An amount in its currency, in the user's number format; an unknown currency code still shows its digits. */
export function formatMoney(intl: IntlShape, amount: string | number | null | undefined, currency?: string | null): string {
  if (amount === null || amount === undefined || amount === '') return '—';
  const value = typeof amount === 'number' ? amount : Number(amount);
  if (!Number.isFinite(value)) return String(amount);
  if (currency && /^[A-Z]{3}$/.test(currency)) {
    try {
      return intl.formatNumber(value, { style: 'currency', currency, currencyDisplay: 'code' });
    } catch {
      // An ISO-shaped code the browser does not know: the number and the code side by side.
    }
  }
  return `${intl.formatNumber(value, { minimumFractionDigits: 2, maximumFractionDigits: 2 })}${currency ? ` ${currency}` : ''}`;
}

/** Money keeps left-to-right digit order inside right-to-left text. */
export function Money({ amount, currency, strong = false }: { amount: string | number | null | undefined; currency?: string | null; strong?: boolean }) {
  const intl = useIntl();
  return (
    <chakra.bdi fontVariantNumeric="tabular-nums" fontWeight={strong ? 'semibold' : undefined} whiteSpace="nowrap" data-testid="money">
      {formatMoney(intl, amount, currency)}
    </chakra.bdi>
  );
}

/** An account or identifier in a fixed-width face, isolated from the text around it. */
export function Code({ children, testId }: { children: ReactNode; testId?: string }) {
  if (children === null || children === undefined || children === '') return <Text as="span" color="fg.muted">—</Text>;
  return (
    <Name fontFamily="mono" fontSize="xs" data-testid={testId}>
      {children}
    </Name>
  );
}

/** A party: its name over its account. */
export function Party({ name, account }: { name: string | null | undefined; account: string | null | undefined }) {
  return (
    <Stack gap="0" minW="0">
      <Text fontSize="sm" truncate maxW="48">
        {name ? <Name>{name}</Name> : <Text as="span" color="fg.muted">—</Text>}
      </Text>
      {account && (
        <Text fontSize="xs" color="fg.muted" truncate maxW="48">
          <Code>{account}</Code>
        </Text>
      )}
    </Stack>
  );
}

export function Country({ code }: { code: string | null | undefined }) {
  const intl = useIntl();
  if (!code) return <Text as="span" color="fg.muted">—</Text>;
  return (
    <Text as="span" title={countryName(code, intl.locale)} whiteSpace="nowrap">
      <Name>{code.toUpperCase()}</Name>
    </Text>
  );
}

/** A moment as a date and time in the user's language. */
export function When({ at, dateOnly = false }: { at: string | number | null | undefined; dateOnly?: boolean }) {
  if (at === null || at === undefined || at === '') return <Text as="span" color="fg.muted">—</Text>;
  return (
    <Text as="span" whiteSpace="nowrap">
      <FormattedDate value={at} year="numeric" month="short" day="2-digit" {...(dateOnly ? {} : { hour: '2-digit', minute: '2-digit' })} />
    </Text>
  );
}

/** A moment as its date over its time, for narrow table columns. */
export function WhenStacked({ at }: { at: string | null | undefined }) {
  if (!at) return <Dash />;
  return (
    <Stack gap="0" whiteSpace="nowrap">
      <Text as="span" fontSize="sm">
        <FormattedDate value={at} year="numeric" month="short" day="2-digit" />
      </Text>
      <Text as="span" fontSize="xs" color="fg.muted">
        <FormattedDate value={at} hour="2-digit" minute="2-digit" />
      </Text>
    </Stack>
  );
}

/** A score out of 100, coloured by how high it is. */
export function Score({ value }: { value: number | null | undefined }) {
  const intl = useIntl();
  if (value === null || value === undefined) return <Text as="span" color="fg.muted">—</Text>;
  const colour = value >= 70 ? 'red.fg' : value >= 40 ? 'orange.fg' : 'fg';
  return (
    <Text as="span" fontWeight="semibold" color={colour} fontVariantNumeric="tabular-nums" data-testid="tx-score">
      {intl.formatNumber(value)}
    </Text>
  );
}

/** "—" when there is nothing to show. */
export function Dash() {
  return (
    <Text as="span" color="fg.muted">
      —
    </Text>
  );
}

export const T = FormattedMessage;
