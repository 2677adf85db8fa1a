/**
 * User and list data (people's and companies' names, search terms, e-mail
 * addresses, references) keep their own direction inside translated text.
 * Without isolation, a Latin name ending in a period on an Arabic page shows
 * as ".ROSNEFT TRADING S.A": the period takes the page's right-to-left
 * direction. <bdi> takes its direction from its first strong letter and keeps
 * its neighbours out of the reordering.
 */
import { chakra, type HTMLChakraProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export function Name({ children, ...rest }: HTMLChakraProps<'bdi'>) {
  return (
    <chakra.bdi data-bidi="isolate" {...rest}>
      {children}
    </chakra.bdi>
  );
}

/** Values for a translated message, each isolated: <FormattedMessage values={isolated({ name })} />. */
export function isolated<T extends Record<string, unknown>>(values: T | null | undefined): Record<keyof T, ReactNode> {
  const out = {} as Record<keyof T, ReactNode>;
  for (const [key, value] of Object.entries(values ?? {})) {
    out[key as keyof T] = typeof value === 'string' ? <Name>{value}</Name> : (value as ReactNode);
  }
  return out;
}
