/**
 * Where a spreadsheet is chosen for an upload (a bulk search file, a custom list): drop a file on the
 * zone or choose one with its button; the chosen file's name shows in the zone. The same file chosen
 * again after a fix still counts. `inputRef` lets the dialog's own "choose the fixed file" button open
 * the same picker. Strings by prefix: `<prefix>.no_file`, `.drop`, `.choose_file`, `.replace_file`.
 */
import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useState, type DragEvent, type ReactNode, type RefObject } from 'react';
import { LuFileSpreadsheet, LuUpload } from 'react-icons/lu';
import { FormattedMessage } from 'react-intl';
import { Name } from './Name';

export function FileDropZone({
  file,
  invalid,
  editable,
  accept,
  onChoose,
  inputRef,
  prefix,
  testIds,
  children,
}: {
  /** The chosen file, by its name. */
  file: { name: string } | null;
  invalid: boolean;
  /** Whether a file may be chosen now (not while one is being sent). */
  editable: boolean;
  accept: readonly string[];
  onChoose: (file: File | null) => void;
  inputRef: RefObject<HTMLInputElement | null>;
  prefix: string;
  testIds: { zone: string; name: string; input: string; choose: string };
  /** More to say under the drop line (the template's columns). */
  children?: ReactNode;
}) {
  const [dragging, setDragging] = useState(false);
  const drop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    if (editable) onChoose(e.dataTransfer.files?.[0] ?? null);
  };
  return (
    <Box
      w="full"
      borderWidth="2px"
      borderStyle="dashed"
      borderColor={dragging ? 'brand.solid' : invalid ? 'border.error' : 'border'}
      bg={dragging ? 'brand.subtle' : 'bg.subtle'}
      rounded="md"
      p="4"
      onDragOver={(e) => {
        e.preventDefault();
        if (editable) setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={drop}
      data-testid={testIds.zone}
    >
      <Stack gap="2" align="center" textAlign="center">
        <HStack gap="2">
          <LuFileSpreadsheet aria-hidden />
          <Text fontWeight="medium" data-testid={testIds.name}>
            {file ? <Name>{file.name}</Name> : <FormattedMessage id={`${prefix}.no_file`} />}
          </Text>
        </HStack>
        <Text fontSize="xs" color="fg.muted">
          <FormattedMessage id={`${prefix}.drop`} />
        </Text>
        {children}
        <input
          ref={inputRef}
          type="file"
          hidden
          accept={accept.join(',')}
          data-testid={testIds.input}
          onChange={(e) => {
            onChoose(e.currentTarget.files?.[0] ?? null);
            // The same file chosen again (after a fix) must still fire a change.
            e.currentTarget.value = '';
          }}
        />
        <Button size="sm" variant="outline" onClick={() => inputRef.current?.click()} disabled={!editable} data-testid={testIds.choose}>
          <LuUpload /> <FormattedMessage id={file ? `${prefix}.replace_file` : `${prefix}.choose_file`} />
        </Button>
      </Stack>
    </Box>
  );
}
