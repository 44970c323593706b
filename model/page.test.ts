import { describe, expect, it } from 'vitest';
import type { core } from 'zod';
import { messageIssues } from './messages/issues.ts';
import { issueText } from './messages/text.ts';
import { SHAPE_RADII } from './constants.ts';
import { AA_TEXT_CONTRAST, contrastRatio, legibleTextShadow } from './contrast.ts';
import {
  buttonSchema,
  buttonShapeSchema,
  internalLinkSubPath,
  internalLinkTypeSchema,
  linkAreaSchema,
  linkDestinationProblem,
  pageContentSchema,
  pageDetailSchema,
  pageSchema,
  productSchema,
} from './page.ts';
import type { PageContentInput } from './page.ts';
import { VISITOR_SUB_PATHS } from './visitor-path.ts';

const english = (issues: readonly core.$ZodIssue[]) => issueText(messageIssues(issues)[0]!, 'en');

describe('pageDetailSchema', () => {
  it('fills the spec defaults from an empty object', () => {
    expect(pageDetailSchema.parse({})).toEqual({
      imageUrl: '',
      imageAlt: '',
      hlsPath: '',
      mainText: '',
      mainTextColor: '#FFFFFF',
      mainTextX: null,
      mainTextY: null,
      price: '',
      priceTextColor: '#FFFFFF',
      linkButtonText: '',
      linkDestinationUrl: '',
      linkButtonColor: '#99D52A',
      linkTextColor: '#FFFFFF',
      hoverArrowColor: 'white',
      arrowFadeInterval: 0,
      isInternalLink: false,
      albumX: null,
      albumY: null,
      speakerX: null,
      speakerY: null,
    });
  });

  it('wants a URL for an external link and a screen name for an internal one', () => {
    expect(pageDetailSchema.safeParse({ linkDestinationUrl: 'https://example.com' }).success).toBe(true);
    expect(pageDetailSchema.safeParse({ linkDestinationUrl: 'example' }).success).toBe(false);
    expect(pageDetailSchema.safeParse({ isInternalLink: true, linkDestinationUrl: 'contact' }).success).toBe(true);
    expect(pageDetailSchema.safeParse({ isInternalLink: true, linkDestinationUrl: 'https://example.com' }).success).toBe(false);
  });

  it('refuses a hover arrow colour other than white or black, and a negative fade interval', () => {
    expect(pageDetailSchema.safeParse({ hoverArrowColor: 'red' }).success).toBe(false);
    expect(pageDetailSchema.safeParse({ arrowFadeInterval: -1 }).success).toBe(false);
  });

  it('refuses an invalid colour', () => {
    const result = pageDetailSchema.safeParse({ linkButtonColor: 'green' });
    expect(result.error?.issues[0]).toMatchObject({ path: ['linkButtonColor'] });
    expect(english(result.error!.issues)).toBe('Invalid colour.');
  });
});

describe('buttonSchema', () => {
  it('gives a new button colours a visitor can read without an outline (WCAG AA)', () => {
    const { buttonColor, buttonTextColor } = buttonSchema.parse({ id: 'b1' });
    expect(contrastRatio(buttonTextColor, buttonColor)).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
    expect(legibleTextShadow(buttonTextColor, buttonColor)).toBeUndefined();
  });

  it('fills the spec defaults given an id', () => {
    expect(buttonSchema.parse({ id: 'b1' })).toMatchObject({
      id: 'b1',
      buttonType: 'text',
      buttonWidth: 120,
      buttonHeight: 40,
      buttonShape: 'pill',
      buttonAnimation: 'NONE',
      textAlign: 'bottom',
      isFixedPosition: false,
      linkedSurveyId: null,
    });
  });

  it('requires an id', () => {
    expect(buttonSchema.safeParse({}).success).toBe(false);
  });

  it.each(['PULSE', 'GLOW', 'BOUNCE', 'SHIMMER', 'GLITCH', 'WOBBLE', 'BUBBLY', 'PULSE_OUT'])('accepts animation %s', (buttonAnimation) => {
    expect(buttonSchema.safeParse({ id: 'b1', buttonAnimation }).success).toBe(true);
  });

  it('refuses unknown types, shapes and text positions', () => {
    expect(buttonSchema.safeParse({ id: 'b1', buttonType: 'html/css' }).success).toBe(false);
    expect(buttonSchema.safeParse({ id: 'b1', buttonShape: 'round' }).success).toBe(false);
    expect(buttonSchema.safeParse({ id: 'b1', textAlign: 'middle' }).success).toBe(false);
  });

  it('reads a page link as a page order number', () => {
    expect(buttonSchema.safeParse({ id: 'b1', buttonLinkType: 'page', linkDestinationUrl: '3' }).success).toBe(true);
    const result = buttonSchema.safeParse({ id: 'b1', buttonLinkType: 'page', linkDestinationUrl: 'B2' });
    expect(result.error?.issues[0]).toMatchObject({ path: ['linkDestinationUrl'] });
    expect(english(result.error!.issues)).toBe('Enter a page number.');
  });

  it('has a corner radius for every shape', () => {
    for (const shape of buttonShapeSchema.options) expect(typeof SHAPE_RADII[shape]).toBe('number');
  });
});

describe('linkDestinationProblem', () => {
  it.each([
    ['external', 'https://example.com'],
    ['external', '/sites/abc/en/B2'],
    ['internal', 'contact'],
    ['internal', 'membership'],
    ['page', '1'],
    ['page', '999'],
    ['script', 'console.log(1)'],
    ['survey', ''],
    ['none', 'anything'],
  ] as const)('accepts a %s destination %j', (type, destination) => {
    expect(linkDestinationProblem(type, destination)).toBeNull();
  });

  it.each([
    ['external', 'javascript:alert(1)'],
    ['internal', 'home'],
    ['page', '0'],
    ['page', '01'],
    ['page', '1.5'],
  ] as const)('refuses a %s destination %j', (type, destination) => {
    expect(linkDestinationProblem(type, destination)).not.toBeNull();
  });

  it('allows every type to have no destination yet', () => {
    for (const type of ['external', 'internal', 'page', 'survey', 'script', 'none'] as const) {
      expect(linkDestinationProblem(type, '')).toBeNull();
    }
  });
});

describe('linkAreaSchema', () => {
  it('falls back to a 50 px square', () => {
    expect(linkAreaSchema.parse({ id: 'l1' })).toEqual({
      id: 'l1',
      linkType: 'external',
      linkDestinationUrl: '',
      surveyId: null,
      positionLeft: 0,
      positionTop: 0,
      width: 50,
      height: 50,
    });
  });
});

describe('productSchema', () => {
  it('places a new product at 65, 260 with a green button', () => {
    expect(productSchema.parse({ id: 'p1' })).toMatchObject({
      coordinateX: 65,
      coordinateY: 260,
      linkButtonColor: '#2BAA50',
      linkTextColor: '#FFFFFF',
      isInternalLink: false,
      order: 0,
      productName: '',
      price: '',
    });
  });

  it('keeps the owning page id when given', () => {
    expect(productSchema.parse({ id: 'p1', pageId: 'pg1' }).pageId).toBe('pg1');
  });

  it('checks the link button URL against isInternalLink', () => {
    expect(productSchema.safeParse({ id: 'p1', linkButtonUrl: 'https://shop.example.com/x' }).success).toBe(true);
    expect(productSchema.safeParse({ id: 'p1', linkButtonUrl: 'form', isInternalLink: true }).success).toBe(true);
    expect(productSchema.safeParse({ id: 'p1', linkButtonUrl: 'form' }).success).toBe(false);
  });
});

describe('pageContentSchema and pageSchema', () => {
  it('builds a full page content from an empty object', () => {
    const content = pageContentSchema.parse({});
    expect(content).toEqual({
      status: 'published',
      membersOnlyLock: false,
      detail: pageDetailSchema.parse({}),
      buttons: [],
      links: [],
      products: [],
      showCompany: false,
    });
  });

  it('does not share default arrays between parses', () => {
    const a = pageContentSchema.parse({});
    a.buttons.push(buttonSchema.parse({ id: 'b1' }));
    expect(pageContentSchema.parse({}).buttons).toEqual([]);
  });

  it('keeps optional fields when given', () => {
    const input = {
      customPath: 'spring-sale',
      backgroundMusic: 'sites/abc/music.mp3',
      snsConfig: { display: true, sns: [{ snsType: 'line', snsUrl: 'https://line.me/x' }] },
      chatbotScript: '<script src="https://bot.example.com/a.js"></script>',
      buttons: [{ id: 'b1', buttonText: 'Buy' }],
    } satisfies PageContentInput;
    const content = pageContentSchema.parse(input);
    expect(content.customPath).toBe('spring-sale');
    expect(content.snsConfig?.sns[0]?.snsType).toBe('line');
    expect(content.buttons[0]?.buttonWidth).toBe(120);
  });

  it('refuses a custom path that looks like a position code', () => {
    expect(pageContentSchema.safeParse({ customPath: 'b2' }).success).toBe(false);
  });

  it('refuses duplicate button, link and product ids', () => {
    expect(pageContentSchema.safeParse({ buttons: [{ id: 'x' }, { id: 'x' }] }).success).toBe(false);
    expect(pageContentSchema.safeParse({ links: [{ id: 'x' }, { id: 'x' }] }).success).toBe(false);
    expect(pageContentSchema.safeParse({ products: [{ id: 'x' }, { id: 'x' }] }).success).toBe(false);
  });

  it('needs an id and a 1-based order for a page', () => {
    expect(pageSchema.parse({ id: 'pg1', order: 1 })).toMatchObject({ id: 'pg1', order: 1, membersOnlyLock: false });
    expect(pageSchema.safeParse({ id: 'pg1', order: 0 }).success).toBe(false);
    expect(pageSchema.safeParse({ order: 1 }).success).toBe(false);
  });

  it('refuses a media URL with a script scheme', () => {
    expect(pageSchema.safeParse({ id: 'pg1', order: 1, thumbnail: 'javascript:alert(1)' }).success).toBe(false);
    expect(pageSchema.safeParse({ id: 'pg1', order: 1, detail: { imageUrl: 'javascript:alert(1)' } }).success).toBe(false);
  });
});

describe('internalLinkSubPath', () => {
  it('opens a visitor sub-path for every internal link type', () => {
    for (const type of internalLinkTypeSchema.options) {
      expect(VISITOR_SUB_PATHS).toContain(internalLinkSubPath(type));
    }
    expect(internalLinkSubPath('form')).toBe('forms');
    expect(internalLinkSubPath('membership')).toBe('register');
  });
});
