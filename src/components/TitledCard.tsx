/** A card with a heading over its body: the dashboard's panels, the case sidebar's sections, the case form's groups. */
import { Card } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface Props extends Omit<Card.RootProps, 'title'> {
  title: ReactNode;
  titleSize?: Card.TitleProps['fontSize'];
  /** Cards sit right under the page's h1, so their titles are h2 unless nested in another card. */
  headingLevel?: 'h2' | 'h3';
}

export function TitledCard({ title, titleSize, headingLevel = 'h2', children, ...root }: Props) {
  return (
    <Card.Root {...root}>
      <Card.Header>
        <Card.Title as={headingLevel} fontSize={titleSize}>
          {title}
        </Card.Title>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}
