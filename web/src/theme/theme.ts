import { createTheme, type MantineColorsTuple } from '@mantine/core';

/**
 * The portal's blue. The template's #5D87FF fails contrast on white (DESIGN.md §4), so filled
 * buttons and links use shade 7 (#2a4fc7, 7.0:1 on white) while lighter shades stay for tints.
 */
const brand: MantineColorsTuple = [
  '#ecf1ff',
  '#d7e0ff',
  '#adbfff',
  '#809cff',
  '#5d87ff',
  '#4570f5',
  '#3660e0',
  '#2a4fc7',
  '#2045ab',
  '#143890',
];

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: { light: 7, dark: 5 },
  colors: { brand },
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '650' },
  radius: { md: '12px' },
});
