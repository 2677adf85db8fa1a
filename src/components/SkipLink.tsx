/**
 * "Skip to main content": the first thing Tab reaches on every page, hidden
 * until focused, so keyboard users pass the menu and header in one step.
 * The main landmark carries MAIN_CONTENT_ID and tabIndex -1 to take the focus.
 */
import { chakra } from '@chakra-ui/react';
import type { MouseEvent } from 'react';
import { FormattedMessage } from 'react-intl';

export const MAIN_CONTENT_ID = 'main-content';

export function SkipLink() {
  // Focus the main landmark directly: a plain #fragment would also change the address the router reads.
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(MAIN_CONTENT_ID);
    if (!main) return;
    event.preventDefault();
    main.focus();
    main.scrollIntoView({ block: 'start' });
  };
  return (
    <chakra.a
      href={`#${MAIN_CONTENT_ID}`}
      onClick={skip}
      data-testid="skip-link"
      position="fixed"
      top="2"
      insetStart="2"
      zIndex="skipNav"
      px="4"
      py="2"
      bg="brand.solid"
      color="brand.contrast"
      fontWeight="semibold"
      borderRadius="md"
      shadow="md"
      transform="translateY(-200%)"
      _focusVisible={{ transform: 'none', outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' }}
      _focus={{ transform: 'none' }}
    >
      <FormattedMessage id="a11y.skip_to_content" />
    </chakra.a>
  );
}

/** Props of the element that the skip link lands on. */
export const mainContentProps = { id: MAIN_CONTENT_ID, tabIndex: -1, _focus: { outline: 'none' } } as const;
