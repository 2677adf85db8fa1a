/**
 * The permission list of a role, grouped by product area (section 6). Each
 * area has a box for all of it; each permission says what it needs, and
 * administrator-only ones are locked with 'only the administrator can access
 * this permission' unless this is the administrator role (which holds all).
 */
import { Badge, Box, Checkbox, Flex, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { LuLock } from 'react-icons/lu';
import { FormattedMessage, useIntl } from 'react-intl';
import { areaPermissions, areaState, groupByArea, type Catalogue } from '@machines/admin/permission-selection';
import { messageById } from '../../lib/i18n';

interface Props {
  catalogue: Catalogue;
  selected: string[];
  adminRole: boolean;
  readOnly: boolean;
  onToggle: (permission: string) => void;
  onToggleArea: (area: string) => void;
}

export function PermissionEditor({ catalogue, selected, adminRole, readOnly, onToggle, onToggleArea }: Props) {
  const intl = useIntl();
  const label = (name: string) => intl.formatMessage({ id: `roles.permission.${name}`, defaultMessage: name });
  return (
    <Stack gap="4" data-testid="permission-editor">
      {groupByArea(catalogue).map(({ area, permissions }) => {
        const state = adminRole ? 'all' : areaState(catalogue, selected, area, false);
        const selectable = areaPermissions(catalogue, area, adminRole);
        const count = permissions.filter((p) => adminRole || selected.includes(p.name)).length;
        return (
          <Box key={area} borderWidth="1px" borderRadius="lg" overflow="hidden" data-testid={`permission-area-${area}`}>
            <Flex bg="gray.50" px="4" py="2.5" justify="space-between" align="center" borderBottomWidth="1px">
              <Checkbox.Root
                checked={state === 'all' ? true : state === 'some' ? 'indeterminate' : false}
                disabled={readOnly || adminRole || selectable.length === 0}
                onCheckedChange={() => onToggleArea(area)}
                colorPalette="brand"
              >
                <Checkbox.HiddenInput aria-label={intl.formatMessage({ id: 'roles.editor.area_all' }, { area: intl.formatMessage({ id: `roles.area.${area}` }) })} />
                <Checkbox.Control />
                <Checkbox.Label fontWeight="semibold">
                  <FormattedMessage id={`roles.area.${area}`} />
                </Checkbox.Label>
              </Checkbox.Root>
              <Text fontSize="xs" color="fg.muted">
                <FormattedMessage id="roles.editor.area_count" values={{ count, total: permissions.length }} />
              </Text>
            </Flex>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="3" px="4" py="3">
              {permissions.map((p) => {
                const locked = p.admin_only && !adminRole;
                const checked = adminRole || selected.includes(p.name);
                return (
                  <Stack key={p.name} gap="0.5">
                    <Checkbox.Root
                      checked={checked}
                      disabled={readOnly || locked || adminRole}
                      onCheckedChange={() => onToggle(p.name)}
                      colorPalette="brand"
                      alignItems="flex-start"
                      data-testid={`permission-${p.name}`}
                    >
                      <Checkbox.HiddenInput />
                      <Checkbox.Control mt="0.5" />
                      <Checkbox.Label>
                        <HStack gap="1.5" wrap="wrap">
                          <span>{label(p.name)}</span>
                          {p.admin_only && (
                            <Badge size="xs" colorPalette="purple" variant="subtle">
                              <LuLock /> <FormattedMessage id="roles.editor.admin_badge" />
                            </Badge>
                          )}
                        </HStack>
                      </Checkbox.Label>
                    </Checkbox.Root>
                    {locked ? (
                      <Text fontSize="xs" color="fg.muted" ps="7" data-testid={`permission-locked-${p.name}`}>
                        {messageById('admin_only_permission')}
                      </Text>
                    ) : p.depends_on.length > 0 ? (
                      <Text fontSize="xs" color="fg.muted" ps="7">
                        <FormattedMessage id="roles.editor.needs" values={{ list: intl.formatList(p.depends_on.map(label), { type: 'conjunction' }) }} />
                      </Text>
                    ) : null}
                  </Stack>
                );
              })}
            </SimpleGrid>
          </Box>
        );
      })}
    </Stack>
  );
}
