/** The signed-in frame: skip link, sidebar, header and the page. */
import { Box, Flex } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { SkipLink, mainContentProps } from '../../components/SkipLink';
import { Header } from './Header';
import { Sidebar } from './Sidebar';

export function Shell({ children }: { children: ReactNode }) {
  return (
    <Flex minH="100vh" bg="gray.50">
      <SkipLink />
      <Sidebar />
      <Flex direction="column" flex="1" minW="0">
        <Header />
        <Box as="main" {...mainContentProps} flex="1" p="6">
          {children}
        </Box>
      </Flex>
    </Flex>
  );
}
