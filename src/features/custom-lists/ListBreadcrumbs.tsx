/** Where a list's or a record's page sits: AML Custom Lists › the list › the record. */
import { FormattedMessage } from 'react-intl';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { Name } from '../../components/Name';

export function ListBreadcrumbs({ list, record }: { list?: { _id: string; name: string }; record?: string }) {
  return (
    <Breadcrumbs
      testId="list-breadcrumbs"
      items={[
        { label: <FormattedMessage id="nav.item.aml_custom_lists" />, href: '/aml-custom-list' },
        ...(list ? [{ label: <Name>{list.name}</Name>, href: record ? `/aml-custom-list/${list._id}` : undefined }] : []),
        ...(list && record ? [{ label: <Name>{record}</Name> }] : []),
      ]}
    />
  );
}
