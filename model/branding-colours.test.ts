import { describe, expect, it } from 'vitest';
import { brandingProperties } from './branding-colours.ts';
import { AA_TEXT_CONTRAST, contrastRatio } from './contrast.ts';

describe('the console colours of a branding', () => {
  it('puts the text colour on the main colour in the header and buttons', () => {
    expect(brandingProperties({ mainColor: '#0A3D62', textColor: '#FFFFFF' })).toMatchObject({
      '--bar': '#0A3D62',
      '--on-bar': '#FFFFFF',
      '--button': '#0A3D62',
      '--on-button': '#FFFFFF',
      '--link': '#0A3D62',
    });
  });

  it('keeps links readable on the page when the main colour is too light for them', () => {
    const properties = brandingProperties({ mainColor: '#FFD400', textColor: '#000000' });
    expect(properties['--link']).toBe('#000000');
    const both = brandingProperties({ mainColor: '#FFD400', textColor: '#FFFFFF' });
    expect(contrastRatio(both['--link'] ?? '', '#FFFFFF')).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
  });
});
