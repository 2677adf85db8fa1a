/**
 * Where a page sits: a trail of links to the pages above it, separated by chevrons that turn around
 * right-to-left, ending with the page itself (an item without a link).
 */
import { Breadcrumb } from '@chakra-ui/react';
import { Fragment, type ReactNode } from 'react';
import { LuChevronRight } from 'react-icons/lu';
import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import { DirectionalIcon } from './DirectionalIcon';

export interface Crumb {
  label: ReactNode;
  /** Where the item leads; the current page has none. */
  href?: string;
}

export function Breadcrumbs({ items, testId }: { items: Crumb[]; testId?: string }) {
  const intl = useIntl();
  return (
    <Breadcrumb.Root mb="4" size="sm" aria-label={intl.formatMessage({ id: 'a11y.breadcrumb' })} data-testid={testId}>
      <Breadcrumb.List>
        {items.map((item, i) => (
          <Fragment key={i}>
            {i > 0 && (
              <Breadcrumb.Separator>
                <DirectionalIcon>
                  <LuChevronRight />
                </DirectionalIcon>
              </Breadcrumb.Separator>
            )}
            <Breadcrumb.Item>
              {item.href ? (
                <Breadcrumb.Link asChild>
                  <Link href={item.href}>{item.label}</Link>
                </Breadcrumb.Link>
              ) : (
                <Breadcrumb.CurrentLink>{item.label}</Breadcrumb.CurrentLink>
              )}
            </Breadcrumb.Item>
          </Fragment>
        ))}
      </Breadcrumb.List>
    </Breadcrumb.Root>
  );
}
