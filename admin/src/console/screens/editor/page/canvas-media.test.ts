import { describe, expect, it } from 'vitest';
import { contentAddresses } from './canvas-media.ts';

describe('contentAddresses', () => {
  it('finds the addresses anywhere in a page, not its texts', () => {
    const content = {
      detail: { imageUrl: '/api/media/s/m1', mainText: 'Spring sale', musicUrl: 'https://cdn.example/a.mp3' },
      buttons: [{ buttonImageUrl: '/api/media/s/m2', buttonText: 'Buy' }],
      products: [{ imagePath: '' }],
    };
    expect(contentAddresses(content).sort()).toEqual(['/api/media/s/m1', '/api/media/s/m2', 'https://cdn.example/a.mp3']);
  });
});
