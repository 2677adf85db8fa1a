/** Picks the interface language; signed-in users also keep it in their profile. */
import { useIntl } from 'react-intl';
import { LANGUAGES, type Language } from '@common/enums';
import { LANGUAGE_NAMES, setLanguage, useLanguage } from '../lib/i18n';
import { Select } from './Select';

/** Each language under its own name, whatever the interface language (Settings offers the same list). */
export const LANGUAGE_OPTIONS = LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }));

export function LanguageSwitch({ onChosen }: { onChosen?: (language: Language) => void }) {
  const language = useLanguage();
  const intl = useIntl();
  return (
    <Select
      size="sm"
      width="auto"
      aria-label={intl.formatMessage({ id: 'shell.language' })}
      data-testid="language-switch"
      value={language}
      onChange={(e) => {
        const next = e.currentTarget.value as Language;
        setLanguage(next);
        onChosen?.(next);
      }}
      options={LANGUAGE_OPTIONS}
    />
  );
}
