import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { INPUT_LENGTHS, SEO_LIMITS, TEXT_MAX } from '../../../../model/constants.ts';
import { pageContentSchema } from '../../../../model/page.ts';
import { seoSchema } from '../../../../model/site.ts';
import { lengthState, maxLengthAt } from './length-counter.ts';

describe('lengthState', () => {
  it('is far below nine tenths of the limit, near from there to the limit, over past it', () => {
    expect(lengthState(0, 120).state).toBe('far');
    expect(lengthState(107, 120).state).toBe('far');
    expect(lengthState(108, 120).state).toBe('near');
    expect(lengthState(120, 120).state).toBe('near');
    expect(lengthState(121, 120).state).toBe('over');
  });

  it('has a tiny limit near only at its end', () => {
    expect(lengthState(0, 1).state).toBe('far');
    expect(lengthState(1, 1).state).toBe('near');
  });
});

describe('maxLengthAt', () => {
  it('reads the limit the page schema enforces, through arrays and defaults', () => {
    expect(maxLengthAt(pageContentSchema, 'buttons.0.buttonText')).toBe(TEXT_MAX);
    expect(maxLengthAt(pageContentSchema, 'detail.imageAlt')).toBe(INPUT_LENGTHS.textarea);
    expect(maxLengthAt(pageContentSchema, 'products.3.productName')).toBe(TEXT_MAX);
  });

  it('reads through refinements, transforms and unions with the empty text', () => {
    expect(maxLengthAt(seoSchema, 'description')).toBe(SEO_LIMITS.description);
    expect(maxLengthAt(seoSchema, 'head')).toBe(SEO_LIMITS.head);
    expect(maxLengthAt(z.object({ url: z.union([z.literal(''), z.string().max(9)]).default('') }), 'url')).toBe(9);
  });

  it('has no limit for a field without one, a number or a path the schema lacks', () => {
    expect(maxLengthAt(pageContentSchema, 'buttons.0.linkDestinationUrl')).toBeUndefined();
    expect(maxLengthAt(pageContentSchema, 'buttons.0.textSize')).toBeUndefined();
    expect(maxLengthAt(pageContentSchema, 'nothing.here')).toBeUndefined();
  });
});
