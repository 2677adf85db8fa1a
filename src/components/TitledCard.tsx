/** A card with a heading over its body: the dashboard's panels, the case sidebar's sections, the case form's groups. */
import { Card } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface Props extends Omit<Card.RootProps, 'title'> {
  title: ReactNode;
  titleSize?: Card.TitleProps['fontSize'];
}

export function TitledCard({ title, titleSize, children, ...root }: Props) {
  return (
    <Card.Root {...root}>
      <Card.Header>
        <Card.Title fontSize={titleSize}>{title}</Card.Title>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}
