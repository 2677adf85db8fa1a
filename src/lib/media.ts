/**
 * How Media Watcher's values are shown wherever an article appears (Media Search, a media case, a screening
 * case's Adverse Media tab): the colour of each adverse-media category (the same in a badge, in the reader's
 * highlights and in its legend), category and sentiment names in the user's language, and a language's
 * name in the user's language (the browser's own Intl data).
 */
import type { IntlShape } from 'react-intl';
import type { AdverseCategory, Sentiment } from '@common/media';

/** A light background and a dark text colour per category: readable (WCAG AA) as a badge and as a highlight. */
export const CATEGORY_COLOURS: Record<AdverseCategory, { bg: string; fg: string }> = {
  fraud: { bg: '#FFE8CC', fg: '#7A4200' },
  bribery_corruption: { bg: '#EBDDFB', fg: '#5B2A96' },
  money_laundering: { bg: '#D3F4E0', fg: '#1D6B3E' },
  terrorism: { bg: '#FFD9D9', fg: '#9B1C1C' },
  sanctions_evasion: { bg: '#D6EEF8', fg: '#155E75' },
  drug_trafficking: { bg: '#FBD9EC', fg: '#8E1F5A' },
  human_trafficking_smuggling: { bg: '#FDE2D2', fg: '#8C3A12' },
  organised_crime: { bg: '#E2E5EA', fg: '#3A4150' },
  tax_crime: { bg: '#FFF3BF', fg: '#5F4A00' },
  cybercrime: { bg: '#D9E4FF', fg: '#1E40AF' },
  environmental_crime: { bg: '#DDF3C9', fg: '#3F6212' },
  regulatory_enforcement: { bg: '#CFF3EE', fg: '#0F5F57' },
  violent_crime: { bg: '#F6D5D5', fg: '#7F1D1D' },
  other_crime: { bg: '#EDE7E0', fg: '#57493A' },
};

const UNKNOWN_COLOUR = { bg: '#EDEFF2', fg: '#3A4150' };
export const categoryColour = (category: string) => (CATEGORY_COLOURS as Record<string, { bg: string; fg: string }>)[category] ?? UNKNOWN_COLOUR;

/** The searched words' highlight (the keywords' highlights are the categories' colours). */
export const TERM_COLOUR = { bg: '#FFF176', fg: '#1A1A1A' };

export const categoryLabel = (intl: IntlShape, category: string) => intl.formatMessage({ id: `media.category.${category}`, defaultMessage: category });
export const sentimentLabel = (intl: IntlShape, sentiment: Sentiment | string) => intl.formatMessage({ id: `media.sentiment.${sentiment}`, defaultMessage: sentiment });

const languageNames = new Map<string, Intl.DisplayNames>();

/** A language's name in the interface language ("ruso" in Spanish); the classifier's "other" has its own words. */
export function languageName(intl: IntlShape, code: string): string {
  if (code === 'other') return intl.formatMessage({ id: 'media.language_other' });
  let names = languageNames.get(intl.locale);
  if (!names) languageNames.set(intl.locale, (names = new Intl.DisplayNames([intl.locale, 'en'], { type: 'language' })));
  try {
    const name = names.of(code) ?? code;
    // Some languages write their own names in lower case; a label starts with a capital.
    return name.charAt(0).toLocaleUpperCase(intl.locale) + name.slice(1);
  } catch {
    return code;
  }
}

/**
 * A sentiment score (-1 to 1) as a signed number with two decimals, in the language's digits. Arabic puts a
 * letter mark before the sign, which would turn "-0.82" into "0.82-" inside a left-to-right badge; the
 * marks go, and the badge shows the number left to right.
 */
export const sentimentScore = (intl: IntlShape, score: number) =>
  intl.formatNumber(score, { minimumFractionDigits: 2, maximumFractionDigits: 2, signDisplay: 'exceptZero' }).replace(/[\u061C\u200E\u200F]/g, '');
