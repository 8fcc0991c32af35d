import { describe, expect, it } from 'vitest';
import { heatColor } from './places-map';

describe('heatColor', () => {
  it('runs from blue for the least visited cells to red for the busiest, clamped', () => {
    expect(heatColor(0)).toBe('hsl(240, 90%, 50%)');
    expect(heatColor(0.5)).toBe('hsl(120, 90%, 50%)');
    expect(heatColor(1)).toBe('hsl(0, 90%, 50%)');
    expect(heatColor(7)).toBe(heatColor(1));
    expect(heatColor(-1)).toBe(heatColor(0));
  });
});
