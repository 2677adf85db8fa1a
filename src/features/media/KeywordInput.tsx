/**
 * Media Search's keyword box: typed words become chips with Enter or a comma; each chip carries its mode
 * (include all, exclude, any), shown by its colour and icon and changed from a small menu on the chip.
 * Backspace or Delete on a chip removes it; Backspace in the empty box removes the last one; Enter in the
 * empty box runs the search. The chips and the text live in the search statechart; this only renders them.
 */
import { Box, chakra, HStack, Input, Menu, Portal, Tag, Text, Wrap } from '@chakra-ui/react';
import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { LuAsterisk, LuChevronDown, LuMinus, LuPlus } from 'react-icons/lu';
import { FormattedMessage, useIntl } from 'react-intl';
import { KEYWORD_MODES, MEDIA_LIMITS, type KeywordMode, type MediaKeyword } from '@common/media';
import { Name } from '../../components/Name';

export const MODE_PALETTE: Record<KeywordMode, string> = { all: 'green', exclude: 'red', any: 'blue' };
const MODE_ICON: Record<KeywordMode, ReactNode> = { all: <LuPlus aria-hidden />, exclude: <LuMinus aria-hidden />, any: <LuAsterisk aria-hidden /> };

interface Props {
  id?: string;
  keywords: MediaKeyword[];
  text: string;
  invalid: boolean;
  describedBy?: string;
  onType: (text: string) => void;
  onAdd: () => void;
  onRemove: (index: number) => void;
  onMode: (index: number, mode: KeywordMode) => void;
  onSubmit: () => void;
}

export function KeywordInput({ id, keywords, text, invalid, describedBy, onType, onAdd, onRemove, onMode, onSubmit }: Props) {
  const intl = useIntl();
  const input = useRef<HTMLInputElement>(null);
  const modeLabel = (mode: KeywordMode) => intl.formatMessage({ id: `media.mode.${mode}` });

  const onBoxKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.nativeEvent.isComposing) return;
    if (e.key === 'Enter') {
      e.preventDefault();
      if (text.trim()) onAdd();
      else onSubmit();
    } else if (e.key === 'Backspace' && text === '' && keywords.length > 0) {
      e.preventDefault();
      onRemove(keywords.length - 1);
    }
  };

  const onChipKey = (e: KeyboardEvent<HTMLButtonElement>, index: number) => {
    if (e.key === 'Backspace' || e.key === 'Delete') {
      e.preventDefault();
      onRemove(index);
      input.current?.focus();
    }
  };

  return (
    <Box
      borderWidth="1px"
      borderColor={invalid ? 'border.error' : 'border'}
      rounded="l2"
      px="2"
      py="1.5"
      bg="bg"
      cursor="text"
      _focusWithin={{ outline: '2px solid', outlineColor: invalid ? 'border.error' : 'brand.focusRing', outlineOffset: '-1px' }}
      onClick={() => input.current?.focus()}
      data-testid="keyword-box"
    >
      <Wrap gap="1.5" align="center">
        {keywords.map((k, i) => (
          <Tag.Root key={`${k.term}-${i}`} size="lg" variant="subtle" colorPalette={MODE_PALETTE[k.mode]} data-testid="keyword-chip" data-mode={k.mode} onClick={(e) => e.stopPropagation()}>
            <Menu.Root positioning={{ placement: 'bottom-start' }}>
              <Menu.Trigger asChild>
                <chakra.button
                  type="button"
                  display="inline-flex"
                  alignItems="center"
                  gap="1"
                  cursor="pointer"
                  rounded="xs"
                  _focusVisible={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '1px' }}
                  aria-label={intl.formatMessage({ id: 'media.search.chip_label' }, { term: k.term, mode: modeLabel(k.mode) })}
                  onKeyDown={(e) => onChipKey(e, i)}
                  data-testid="keyword-chip-mode"
                >
                  {MODE_ICON[k.mode]}
                  <Tag.Label>
                    <Name>{k.term}</Name>
                  </Tag.Label>
                  <LuChevronDown aria-hidden size="12" />
                </chakra.button>
              </Menu.Trigger>
              <Portal>
                <Menu.Positioner>
                  <Menu.Content minW="56">
                    <Menu.RadioItemGroup value={k.mode} onValueChange={(d) => onMode(i, d.value as KeywordMode)}>
                      <Menu.ItemGroupLabel>
                        <FormattedMessage id="media.search.mode_title" />
                      </Menu.ItemGroupLabel>
                      {KEYWORD_MODES.map((mode) => (
                        <Menu.RadioItem key={mode} value={mode} data-testid={`keyword-mode-${mode}`}>
                          <HStack gap="2" flex="1">
                            <Box color={`${MODE_PALETTE[mode]}.fg`}>{MODE_ICON[mode]}</Box>
                            <Text>{modeLabel(mode)}</Text>
                          </HStack>
                          <Menu.ItemIndicator />
                        </Menu.RadioItem>
                      ))}
                    </Menu.RadioItemGroup>
                  </Menu.Content>
                </Menu.Positioner>
              </Portal>
            </Menu.Root>
            <Tag.EndElement>
              <Tag.CloseTrigger
                aria-label={intl.formatMessage({ id: 'media.search.remove_keyword' }, { term: k.term })}
                onClick={() => {
                  onRemove(i);
                  input.current?.focus();
                }}
                data-testid="keyword-remove"
              />
            </Tag.EndElement>
          </Tag.Root>
        ))}
        <Input
          ref={input}
          id={id}
          name="keywords"
          size="sm"
          flex="1"
          minW="40"
          h="8"
          px="1"
          borderWidth="0"
          outline="none"
          _focusVisible={{ outline: 'none', boxShadow: 'none' }}
          autoComplete="off"
          value={text}
          maxLength={MEDIA_LIMITS.keywordLength.max * 4}
          placeholder={keywords.length ? intl.formatMessage({ id: 'media.search.keywords_more' }) : intl.formatMessage({ id: 'media.search.keywords_placeholder' })}
          aria-label={intl.formatMessage({ id: 'media.search.keywords' })}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          onChange={(e) => onType(e.target.value)}
          onKeyDown={onBoxKey}
          data-testid="keyword-input"
        />
      </Wrap>
    </Box>
  );
}
