/** An arrow-like icon that turns around when the page reads right-to-left (Arabic). */
import { Icon, type IconProps } from '@chakra-ui/react';

export function DirectionalIcon(props: IconProps) {
  return <Icon _rtl={{ transform: 'scaleX(-1)' }} {...props} />;
}
