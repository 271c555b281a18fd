import { Text } from '@mantine/core';

/** The room a character of a bold figure takes, as a share of the font size (digits, "R$", separators). */
const CHARACTER_WIDTH = 0.64;

/**
 * A card's headline figure: 22 px where its card has the room, smaller where it does not (two
 * cards a row on a phone, an amount up to R$ 9.999.999,99), so it is never cut by the card's edge.
 * The card (or the box it sits in) must be a size container: `containerType: 'inline-size'`.
 */
export function FigureText({ value, testId }: { value: string; testId: string }) {
  const fitting = `calc(100cqi / ${(Math.max(value.length, 1) * CHARACTER_WIDTH).toFixed(2)})`;
  return (
    <Text
      fw={700}
      mt={4}
      lh={1.55}
      data-testid={testId}
      style={{ fontSize: `min(22px, ${fitting})`, whiteSpace: 'nowrap' }}
    >
      {value}
    </Text>
  );
}
