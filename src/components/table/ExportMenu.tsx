/** The export button of a list's header: a menu of CSV and Excel, busy while a download is on its way. */
import { Button, Menu, Portal } from '@chakra-ui/react';
import { LuDownload } from 'react-icons/lu';
import { FormattedMessage } from 'react-intl';
import type { ExportFormat } from '@machines/shared/address-list';

interface Props {
  onExport: (format: ExportFormat) => void;
  exporting: boolean;
  /** The namespace of the labels: `${labels}.export`, `${labels}.export_csv` and `${labels}.export_xlsx`. */
  labels: string;
  /** The prefix of the test ids: `${testId}-menu`, `${testId}-csv` and `${testId}-xlsx`. */
  testId: string;
}

export function ExportMenu({ onExport, exporting, labels, testId }: Props) {
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <Button variant="outline" loading={exporting} data-testid={`${testId}-menu`}>
          <LuDownload /> <FormattedMessage id={`${labels}.export`} />
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            {(['csv', 'xlsx'] as const).map((format) => (
              <Menu.Item key={format} value={format} onClick={() => onExport(format)} data-testid={`${testId}-${format}`}>
                <FormattedMessage id={`${labels}.export_${format}`} />
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
