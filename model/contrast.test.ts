import { describe, expect, it } from 'vitest';
import { contrastRatio, legibleTextShadow, parseOpaqueColor } from './contrast.ts';

describe('contrastRatio', () => {
  it('gives WCAG’s ratios: 21 for black on white, 1 for a colour on itself, 1.76 for the spec’s white on #99D52A', () => {
    expect(contrastRatio('#FFFFFF', '#000000')).toBe(21);
    expect(contrastRatio('#abc', '#AABBCC')).toBe(1);
    expect(contrastRatio('#FFFFFF', '#99D52A')).toBeCloseTo(1.76, 2);
    expect(contrastRatio('rgb(255, 255, 255)', 'rgba(60, 110, 11, 1)')).toBeCloseTo(6.13, 2);
  });

  it('judges no colour it cannot read as opaque', () => {
    expect(parseOpaqueColor('rgba(0, 0, 0, .5)')).toBeNull();
    expect(parseOpaqueColor('hsl(0, 0%, 0%)')).toBeNull();
    expect(parseOpaqueColor('rgb(300, 0, 0)')).toBeNull();
    expect(contrastRatio('#fff', 'hsl(0, 0%, 0%)')).toBeNull();
  });
});

describe('legibleTextShadow', () => {
  it('outlines white text on a light green in black, dark text on a dark colour in white', () => {
    expect(legibleTextShadow('#FFFFFF', '#99D52A')).toContain('#000');
    expect(legibleTextShadow('#333333', '#222222')).toContain('#fff');
  });

  it('adds nothing where the colours hold 4.5:1 or cannot be judged', () => {
    expect(legibleTextShadow('#FFFFFF', '#2B5A0A')).toBeUndefined();
    expect(legibleTextShadow('#000000', '#FFFFFF')).toBeUndefined();
    expect(legibleTextShadow('#FFFFFF', 'rgba(0, 0, 0, 0.2)')).toBeUndefined();
  });

  it('answers the same for a pair after more pairs than it remembers', () => {
    const first = [legibleTextShadow('#FFFFFF', '#99D52A'), legibleTextShadow('#333333', '#222222'), legibleTextShadow('#000000', '#FFFFFF')];
    for (let grey = 0; grey < 600; grey++) legibleTextShadow('#FFFFFF', `rgb(${grey % 256}, ${grey % 256}, ${Math.floor(grey / 256)})`);
    expect([legibleTextShadow('#FFFFFF', '#99D52A'), legibleTextShadow('#333333', '#222222'), legibleTextShadow('#000000', '#FFFFFF')]).toEqual(first);
    expect(first[0]).toContain('#000');
    expect(first[1]).toContain('#fff');
    expect(first[2]).toBeUndefined();
  });
});
