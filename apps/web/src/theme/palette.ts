import { darken, lighten, type MantineColorsTuple } from '@mantine/core';

/** Brand colours of the BLUE_THEME. */
export const palette = {
  primary: '#5D87FF',
  secondary: '#49BEFF',
  success: '#13DEB9',
  info: '#539BFF',
  error: '#FA896B',
  warning: '#FFAE1F',
  darkBackground: '#171c23',
} as const;

const LIGHTER = [0.92, 0.8, 0.66, 0.52, 0.36, 0.18] as const;
const DARKER = [0.12, 0.24, 0.36] as const;

/** Ten Mantine shades around `base`, which sits at index 6 (the primary shade used in both schemes). */
export function shadesOf(base: string): MantineColorsTuple {
  const light = LIGHTER.map((amount) => lighten(base, amount));
  const dark = DARKER.map((amount) => darken(base, amount));
  return [...light, base, ...dark] as unknown as MantineColorsTuple;
}

/** Mantine's `dark` scale tuned so the dark-mode body (index 7) is the spec's #171c23. */
export const darkScale: MantineColorsTuple = [
  '#d5d9e0',
  '#b3b9c4',
  '#8b93a1',
  '#5f6877',
  '#3e4653',
  '#2c333d',
  '#222831',
  palette.darkBackground,
  '#12161c',
  '#0c0f13',
];
