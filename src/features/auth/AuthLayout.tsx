/** The frame of the public pages: skip link, brand and language switch, then one card as the page's main content. */
import { Box, Card, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { Logo } from '../../components/Logo';
import { SkipLink, mainContentProps } from '../../components/SkipLink';

export function AuthLayout({ title, subtitle, children }: { title: ReactNode; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <Flex minH="100vh" direction="column" bg="gray.50">
      <SkipLink />
      <Flex as="header" justify="space-between" align="center" px="8" py="4">
        <Logo />
        <LanguageSwitch />
      </Flex>
      <Flex as="main" {...mainContentProps} flex="1" align="center" justify="center" px="4" pb="16">
        <Card.Root width="full" maxW="md" shadow="md">
          <Card.Body>
            <Stack gap="6">
              <Box>
                <Heading size="xl" as="h1">
                  {title}
                </Heading>
                {subtitle && (
                  <Text color="fg.muted" mt="1">
                    {subtitle}
                  </Text>
                )}
              </Box>
              {children}
            </Stack>
          </Card.Body>
        </Card.Root>
      </Flex>
    </Flex>
  );
}
