/**
 * The demo area (/demo, /demo/make-case, /demo/case, /demo/case-detail) for the
 * demo organisation. Its screening screens arrive with case management.
 */
import { Alert, Box, Button, Flex, HStack, Heading } from '@chakra-ui/react';
import { FormattedMessage } from 'react-intl';
import { Link, Redirect, Route, Switch } from 'wouter';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { Logo } from '../../components/Logo';
import { SkipLink, mainContentProps } from '../../components/SkipLink';
import { sessionActor } from '../../app/session';
import PlaceholderPage from '../../components/PlaceholderPage';

export default function DemoPage() {
  return (
    <Box minH="100vh" bg="gray.50">
      <SkipLink />
      <Flex as="header" bg="white" borderBottomWidth="1px" px="6" py="3" align="center" justify="space-between">
        <HStack gap="6">
          <Logo />
          <Button asChild variant="ghost" size="sm">
            <Link href="/make-case">
              <FormattedMessage id="nav.item.create_new_case" />
            </Link>
          </Button>
        </HStack>
        <HStack gap="3">
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
        <Heading size="md" mb="4" srOnly>
          <FormattedMessage id="demo.title" />
        </Heading>
        <Switch>
          <Route path="/make-case">
            <PlaceholderPage titleId="nav.item.create_new_case" />
          </Route>
          <Route path="/case">
            <PlaceholderPage titleId="pages.search_results" />
          </Route>
          <Route path="/case-detail">
            <PlaceholderPage titleId="pages.case_detail" />
          </Route>
          <Route path="/">
            <Redirect to="/make-case" />
          </Route>
          <Route>
            <Redirect to="/make-case" />
          </Route>
        </Switch>
      </Box>
    </Box>
  );
}
