/** The search of the users screen: name, e-mail, role and status; at least one is needed (section 5). */
import { Button, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { LuSearch } from 'react-icons/lu';
import { FormattedMessage, useIntl } from 'react-intl';
import type { MessageId } from '@common/messages';
import type { Filters } from '@machines/shared/list.machine';
import { FormField } from '../../components/FormField';
import { SelectField } from '../../components/Select';
import { messageById } from '../../lib/i18n';
import type { RoleOption } from './api';

const BLANK = { name: '', email: '', role_id: '', status: '' };

export function UserFilters({ applied, roles, error, onSearch, onClear }: { applied: Filters; roles: RoleOption[]; error: MessageId | null; onSearch: (f: Filters) => void; onClear: () => void }) {
  const intl = useIntl();
  const [values, setValues] = useState<Filters>({ ...BLANK, ...applied });
  useEffect(() => setValues({ ...BLANK, ...applied }), [applied]);
  const set = (key: keyof typeof BLANK) => (e: { currentTarget: { value: string } }) => setValues((v) => ({ ...v, [key]: e.currentTarget.value }));
  const searching = Object.values(applied).some((v) => v.trim() !== '');

  return (
    <form
      role="search"
      aria-label={intl.formatMessage({ id: 'users.search.label' })}
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(values);
      }}
    >
      <Stack gap="2">
        <SimpleGrid columns={{ base: 1, md: 2, xl: 5 }} gap="3" alignItems="end">
          <FormField label={<FormattedMessage id="users.fields.name" />}>
            <Input name="search_name" value={values.name} onChange={set('name')} placeholder={intl.formatMessage({ id: 'users.search.name_placeholder' })} />
          </FormField>
          <FormField label={<FormattedMessage id="users.fields.email" />}>
            <Input name="search_email" value={values.email} onChange={set('email')} placeholder={intl.formatMessage({ id: 'users.search.email_placeholder' })} />
          </FormField>
          <SelectField
            label={<FormattedMessage id="users.fields.role" />}
            name="search_role"
            value={values.role_id}
            onChange={set('role_id')}
            options={[{ value: '', label: intl.formatMessage({ id: 'users.search.any_role' }) }, ...roles.map((r) => ({ value: r._id, label: r.name }))]}
          />
          <SelectField
            label={<FormattedMessage id="users.fields.status" />}
            name="search_status"
            value={values.status}
            onChange={set('status')}
            options={[
              { value: '', label: intl.formatMessage({ id: 'users.search.any_status' }) },
              { value: 'active', label: intl.formatMessage({ id: 'users.status.active' }) },
              { value: 'inactive', label: intl.formatMessage({ id: 'users.status.inactive' }) },
            ]}
          />
          <Stack direction="row" gap="2">
            <Button type="submit" colorPalette="brand" flex="1" data-testid="user-search">
              <LuSearch /> <FormattedMessage id="admin.actions.search" />
            </Button>
            <Button
              variant="outline"
              flex="1"
              disabled={!searching && Object.values(values).every((v) => !v)}
              onClick={() => {
                setValues(BLANK);
                onClear();
              }}
            >
              <FormattedMessage id="admin.actions.clear" />
            </Button>
          </Stack>
        </SimpleGrid>
        {error && (
          <Text color="fg.error" fontSize="sm" role="alert" data-testid="filter-error">
            {messageById(error)}
          </Text>
        )}
      </Stack>
    </form>
  );
}
