/**
 * The demo area (/demo, /demo/make-case, /demo/case, /demo/case-detail) for the demo organisation
 * (docs/demo.md): a search screened for real against the lists, its results and entity detail drawn
 * with the product's own components, within a daily allowance; "Request full account" is in the header
 * of every demo screen, and its one dialog belongs to this layout.
 */
import { Alert, Badge, Box, Button, Flex, HStack } from '@chakra-ui/react';
import { useActorRef } from '@xstate/react';
import { useCallback, useState } from 'react';
import { LuSearch, LuUserPlus } from 'react-icons/lu';
import { FormattedMessage } from 'react-intl';
import { Link, Redirect, Route, Switch } from 'wouter';
import { fromPromise } from 'xstate';
import { demoRequestMachine, type RequestAnswer } from '@machines/demo/demo-request.machine';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { Logo } from '../../components/Logo';
import { SkipLink, mainContentProps } from '../../components/SkipLink';
import { sessionActor } from '../../app/session';
import { api } from '../../lib/api';
import { DemoEntityPage } from './DemoEntityPage';
import { DemoResultsPage } from './DemoResultsPage';
import { DemoSearchPage } from './DemoSearchPage';
import { RequestAccountDialog } from './RequestAccountDialog';
import { RequestAccountContext } from './requestAccount';

export default function DemoPage() {
  const [machine] = useState(() =>
    demoRequestMachine.provide({
      actors: { send: fromPromise(({ input }) => api.post<RequestAnswer>('/demo-user-request', { ...input })) },
    }),
  );
  const request = useActorRef(machine);
  const openRequest = useCallback(() => request.send({ type: 'OPEN' }), [request]);

  return (
    <RequestAccountContext.Provider value={openRequest}>
      <Box minH="100vh" bg="gray.50">
        <SkipLink />
        <Flex as="header" bg="white" borderBottomWidth="1px" px="6" py="3" align="center" justify="space-between" gap="3" wrap="wrap">
          <HStack gap="6">
            <HStack gap="2">
              <Logo />
              <Badge colorPalette="orange" variant="subtle" size="md" data-testid="demo-badge">
                <FormattedMessage id="demo.title" />
              </Badge>
            </HStack>
            <Button asChild variant="ghost" size="sm">
              <Link href="/make-case" data-testid="nav-new-search">
                <LuSearch /> <FormattedMessage id="demo.nav.new_search" />
              </Link>
            </Button>
          </HStack>
          <HStack gap="3">
            <Button size="sm" colorPalette="brand" onClick={openRequest} data-testid="request-account">
              <LuUserPlus /> <FormattedMessage id="demo.nav.request_account" />
            </Button>
            <LanguageSwitch />
            <Button size="sm" variant="outline" onClick={() => sessionActor.send({ type: 'LOGOUT' })}>
              <FormattedMessage id="shell.logout" />
            </Button>
          </HStack>
        </Flex>
        <Box as="main" {...mainContentProps} p="6">
          <Alert.Root status="info" mb="6">
            <Alert.Indicator />
            <Alert.Description>
              <FormattedMessage id="demo.banner" />
            </Alert.Description>
          </Alert.Root>
          <Switch>
            <Route path="/make-case">
              <DemoSearchPage />
            </Route>
            <Route path="/case">
              <DemoResultsPage />
            </Route>
            <Route path="/case-detail">
              <DemoEntityPage />
            </Route>
            <Route>
              <Redirect to="/make-case" />
            </Route>
          </Switch>
        </Box>
      </Box>
      <RequestAccountDialog actor={request} />
    </RequestAccountContext.Provider>
  );
}
