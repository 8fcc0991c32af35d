import { rgba } from '@mantine/core';
import type { ThemeName } from '../../lib/preferences';
import { shadesOf } from '../../theme/palette';

/** Main colour of each theme (BLUE_THEME is the brand primary). */
export const THEME_COLORS: Record<ThemeName, string> = {
  BLUE_THEME: '#5D87FF',
  AQUA_THEME: '#0074BA',
  PURPLE_THEME: '#763EBD',
  GREEN_THEME: '#0A7EA4',
  CYAN_THEME: '#01C0C8',
  ORANGE_THEME: '#FA896B',
};

const STYLE_ID = 'waymark-theme-color';

/** CSS overriding Mantine's primary colour variables (both schemes) with the theme's shades. */
export function themeCss(name: ThemeName): string {
  const shades = shadesOf(THEME_COLORS[name]);
  const main = shades[6];
  const vars = [
    ...shades.map((shade, index) => `--mantine-color-primary-${index}:${shade};`),
    `--mantine-color-primary-filled:${main};`,
    `--mantine-color-primary-filled-hover:${shades[7]};`,
    `--mantine-color-primary-light:${rgba(main, 0.12)};`,
    `--mantine-color-primary-light-hover:${rgba(main, 0.2)};`,
    `--mantine-color-primary-light-color:${shades[4]};`,
    `--mantine-color-primary-outline:${main};`,
    `--mantine-color-primary-outline-hover:${rgba(main, 0.08)};`,
  ].join('');
  return `html:root[data-mantine-color-scheme]{${vars}}`;
}

/** Applies a theme colour to the whole page at once (a style element that outranks Mantine's :root rules). */
export function applyThemeColor(name: ThemeName): void {
  let style = document.getElementById(STYLE_ID);
  if (!style) {
    style = document.createElement('style');
    style.id = STYLE_ID;
    document.head.appendChild(style);
  }
  style.textContent = name === 'BLUE_THEME' ? '' : themeCss(name);
  document.documentElement.dataset.theme = name;
}
