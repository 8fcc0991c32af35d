import { describe, expect, it } from 'vitest';
import { themeCss } from './theme-color';

describe('themeCss', () => {
  it('overrides the primary colour variables', () => {
    const css = themeCss('PURPLE_THEME');
    expect(css).toContain('--mantine-color-primary-6:#763EBD');
    expect(css).toContain('--mantine-color-primary-filled:');
  });
});
