/**
 * The brand in the corner of every page: the white-label scheme's mark (common/brands.ts, the same path data
 * the e-mails and PDF reports draw) and its name. A partner's scheme shows the partner's name; the default
 * one the product's. The scheme comes from the organisation (App.tsx provides it), so the public pages,
 * before anyone signs in, show the default.
 */
import { HStack, Text } from '@chakra-ui/react';
import { createContext, useContext } from 'react';
import { FormattedMessage } from 'react-intl';
import { BRAND_MARKS, PARTNER_NAMES, schemeColours, type Scheme } from '@common/brands';

export const BrandSchemeContext = createContext<Scheme>('default');

export function Logo({ inverted = false }: { inverted?: boolean }) {
  const scheme = useContext(BrandSchemeContext);
  const mark = BRAND_MARKS[scheme];
  const { primary } = schemeColours(scheme);
  return (
    <HStack gap="2" data-testid="logo" data-scheme={scheme}>
      <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true">
        <path d={mark.tile} fill={inverted ? '#ffffff' : primary} />
        <path d={mark.glyph} fill={inverted ? primary : '#ffffff'} />
      </svg>
      <Text fontWeight="bold" fontSize="lg" color={inverted ? 'white' : 'brand.fg'} dir="auto">
        {scheme === 'default' ? <FormattedMessage id="app.name" /> : PARTNER_NAMES[scheme]}
      </Text>
    </HStack>
  );
}
