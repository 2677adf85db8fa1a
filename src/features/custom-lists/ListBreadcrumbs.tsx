/** Where a list's or a record's page sits: AML Custom Lists › the list › the record. */
import { Breadcrumb } from '@chakra-ui/react';
import { LuChevronRight } from 'react-icons/lu';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { DirectionalIcon } from '../../components/DirectionalIcon';
import { Name } from '../../components/Name';

function Separator() {
  return (
    <Breadcrumb.Separator>
      <DirectionalIcon>
        <LuChevronRight />
      </DirectionalIcon>
    </Breadcrumb.Separator>
  );
}

export function ListBreadcrumbs({ list, record }: { list?: { _id: string; name: string }; record?: string }) {
  const intl = useIntl();
  return (
    <Breadcrumb.Root mb="4" size="sm" aria-label={intl.formatMessage({ id: 'a11y.breadcrumb' })} data-testid="list-breadcrumbs">
      <Breadcrumb.List>
        <Breadcrumb.Item>
          <Breadcrumb.Link asChild>
            <Link href="/aml-custom-list">
              <FormattedMessage id="nav.item.aml_custom_lists" />
            </Link>
          </Breadcrumb.Link>
        </Breadcrumb.Item>
        {list && (
          <>
            <Separator />
            <Breadcrumb.Item>
              {record ? (
                <Breadcrumb.Link asChild>
                  <Link href={`/aml-custom-list/${list._id}`}>
                    <Name>{list.name}</Name>
                  </Link>
                </Breadcrumb.Link>
              ) : (
                <Breadcrumb.CurrentLink>
                  <Name>{list.name}</Name>
                </Breadcrumb.CurrentLink>
              )}
            </Breadcrumb.Item>
          </>
        )}
        {list && record && (
          <>
            <Separator />
            <Breadcrumb.Item>
              <Breadcrumb.CurrentLink>
                <Name>{record}</Name>
              </Breadcrumb.CurrentLink>
            </Breadcrumb.Item>
          </>
        )}
      </Breadcrumb.List>
    </Breadcrumb.Root>
  );
}
