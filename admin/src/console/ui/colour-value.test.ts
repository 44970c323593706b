import { describe, expect, it } from 'vitest';
import { fromPicker, parseColour, pickerHex } from './colour-value.ts';

describe('pickerHex', () => {
  it.each([
    ['#99D52A', '#99d52a'],
    ['#fa0', '#ffaa00'],
    ['rgb(255, 0, 128)', '#ff0080'],
    ['rgba(0, 0, 255, .5)', '#0000ff'],
    ['rgb(100%, 50%, 0%)', '#ff8000'],
    ['hsl(120, 100%, 25%)', '#008000'],
    ['hsla(0deg, 100%, 50%, 0.2)', '#ff0000'],
    ['hsl(240, 0%, 100%)', '#ffffff'],
  ])('shows %s as %s', (value, hex) => {
    expect(pickerHex(value)).toBe(hex);
  });

  it('has no colour for text the model refuses', () => {
    for (const value of ['', 'red', '#12', 'rgb(300, 0, 0)', '#99D52A;']) expect(pickerHex(value), value).toBeNull();
  });
});

describe('parseColour', () => {
  it('reads the alpha of rgba and hsla, as a fraction', () => {
    expect(parseColour('rgba(1, 2, 3, 50%)')?.alpha).toBe(0.5);
    expect(parseColour('hsla(0, 0%, 0%, 0.25)')?.alpha).toBe(0.25);
    expect(parseColour('#000')?.alpha).toBe(1);
  });
});

describe('fromPicker', () => {
  it('answers an opaque pick as upper-case #RRGGBB', () => {
    expect(fromPicker('#a1b2c3', '#000000')).toBe('#A1B2C3');
    expect(fromPicker('#a1b2c3', '')).toBe('#A1B2C3');
  });

  it('keeps the see-through of the colour it replaces', () => {
    expect(fromPicker('#ff0000', 'rgba(0, 0, 0, 0.5)')).toBe('rgba(255, 0, 0, 0.5)');
    expect(fromPicker('#00ff00', 'hsla(0, 0%, 0%, 30%)')).toBe('rgba(0, 255, 0, 0.3)');
  });
});
