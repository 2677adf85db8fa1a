/**
 * A list screen searched by title with its search and page in the address (machines/shared/title-search):
 * the hook reads the view from the address and writes a new one to it, and the form is the search box
 * above the table. Search profiles and risk-scoring engines use both.
 */
import { Button, HStack, Input } from '@chakra-ui/react';
import { useCallback, useMemo, type FormEvent } from 'react';
import { LuSearch } from 'react-icons/lu';
import { FormattedMessage } from 'react-intl';
import { useLocation, useSearch } from 'wouter';
import { searchFromView, viewFromSearch, type TitleListView } from '@machines/shared/title-search';

export function useTitleListAddress(path: string) {
  const address = useSearch();
  const [, navigate] = useLocation();
  const view = useMemo(() => viewFromSearch(address), [address]);
  const go = useCallback(
    (next: TitleListView) => {
      const q = searchFromView(next);
      navigate(`${path}${q ? `?${q}` : ''}`);
    },
    [navigate, path],
  );
  return { view, go };
}

export function TitleSearchForm({
  view,
  go,
  name,
  label,
  placeholder,
  testId,
}: {
  view: TitleListView;
  go: (next: TitleListView) => void;
  /** The input's form name. */
  name: string;
  label: string;
  placeholder: string;
  testId?: string;
}) {
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const value = new FormData(e.currentTarget).get(name);
    go({ search: typeof value === 'string' ? value.trim() : '', page: 1 });
  };
  return (
    <form onSubmit={submit} role="search" aria-label={label} noValidate>
      <HStack gap="2" maxW="lg">
        {/* Keyed by the address's search, so Back and a shared link show what the list was searched for. */}
        <Input key={view.search} type="search" name={name} size="sm" maxLength={100} defaultValue={view.search} aria-label={label} placeholder={placeholder} data-testid={testId} />
        <Button type="submit" size="sm" variant="outline">
          <LuSearch /> <FormattedMessage id="admin.actions.search" />
        </Button>
        {view.search !== '' && (
          <Button size="sm" variant="ghost" onClick={() => go({ search: '', page: 1 })}>
            <FormattedMessage id="admin.actions.clear" />
          </Button>
        )}
      </HStack>
    </form>
  );
}
