import { describe, expect, it } from 'vitest';
import { buttonAnimationSchema, buttonSchema, type Button } from '../../../model/page.ts';
import { animationClass, capSize, destinationOf, isRenderable, isValidScript, linkAreaSize, looksLikeVideo, preloadedButtonIds, shapeRadius, shownButtons, textLineClamp } from './cta-rules.ts';

const button = (fields: Partial<Button> & { id: string }): Button => buttonSchema.parse(fields);

describe('isRenderable', () => {
  it('needs text for a text button, ignoring blanks', () => {
    expect(isRenderable(button({ id: 'a', buttonType: 'text', buttonText: 'Buy' }))).toBe(true);
    expect(isRenderable(button({ id: 'a', buttonType: 'text', buttonText: '   ' }))).toBe(false);
  });

  it('needs an image or video URL for a media button, and content for an HTML button', () => {
    expect(isRenderable(button({ id: 'a', buttonType: 'media', buttonText: 'text is not enough' }))).toBe(false);
    expect(isRenderable(button({ id: 'a', buttonType: 'media', buttonImageUrl: 'https://cdn.example/b.png' }))).toBe(true);
    expect(isRenderable(button({ id: 'a', buttonType: 'html', buttonText: 'no html' }))).toBe(false);
    expect(isRenderable(button({ id: 'a', buttonType: 'html', buttonContentHtml: '<b>Go</b>' }))).toBe(true);
  });

  it('keeps only the renderable buttons, in order', () => {
    const list = [button({ id: 'a', buttonText: '' }), button({ id: 'b', buttonText: 'B' }), button({ id: 'c', buttonType: 'html', buttonContentHtml: '<i>C</i>' })];
    expect(shownButtons(list).map((b) => b.id)).toEqual(['b', 'c']);
  });
});

describe('destinationOf', () => {
  it('does nothing without a destination, for every link type but survey', () => {
    for (const type of ['external', 'internal', 'page', 'script', 'none'] as const) {
      expect(destinationOf(type, '', null), type).toBeNull();
      expect(destinationOf(type, '   ', 'survey-1'), type).toBeNull();
    }
  });

  it('needs a survey id for a survey link, whatever the URL field holds', () => {
    expect(destinationOf('survey', 'https://example.com/', null)).toBeNull();
    expect(destinationOf('survey', '', 'sv_1')).toEqual({ kind: 'survey', surveyId: 'sv_1' });
  });

  it('takes a page link only when it parses as a page order', () => {
    expect(destinationOf('page', '3', null)).toEqual({ kind: 'page', order: 3 });
    expect(destinationOf('page', 'B2', null)).toBeNull();
    expect(destinationOf('page', '0', null)).toBeNull();
    expect(destinationOf('page', '2.5', null)).toBeNull();
  });

  it('turns internal link types into the visitor sub-path they open', () => {
    expect(destinationOf('internal', 'contact', null)).toEqual({ kind: 'screen', screen: 'contact' });
    expect(destinationOf('internal', 'membership', null)).toEqual({ kind: 'screen', screen: 'register' });
    expect(destinationOf('internal', 'form', null)).toEqual({ kind: 'screen', screen: 'forms' });
    expect(destinationOf('internal', 'elsewhere', null)).toBeNull();
  });

  it('follows http(s) URLs and same-site paths, never javascript: or protocol-relative ones', () => {
    expect(destinationOf('external', 'https://example.com/a', null)).toEqual({ kind: 'external', url: 'https://example.com/a' });
    expect(destinationOf('external', '/sites/x/B2', null)).toEqual({ kind: 'external', url: '/sites/x/B2' });
    expect(destinationOf('external', 'javascript:alert(1)', null)).toBeNull();
    expect(destinationOf('external', '//evil.example/', null)).toBeNull();
  });

  it('runs a script only when it parses', () => {
    expect(isValidScript('window.x = 1;')).toBe(true);
    expect(isValidScript('window.x = ;')).toBe(false);
    expect(destinationOf('script', 'window.x = 1;', null)).toEqual({ kind: 'script', source: 'window.x = 1;' });
    expect(destinationOf('script', 'function (', null)).toBeNull();
  });
});

describe('button looks', () => {
  it('gives the spec radii: pill 100, moderate 6, slight 3, square and sharp edge 0', () => {
    expect(['pill', 'moderately_rounded', 'slightly_rounded', 'square', 'sharp_edge'].map((shape) => shapeRadius(shape as Button['buttonShape']))).toEqual([100, 6, 3, 0, 0]);
  });

  it('has a distinct class for each of the eight moving animations and none for NONE', () => {
    const classes = buttonAnimationSchema.options.map(animationClass);
    expect(classes[0]).toBe('');
    expect(new Set(classes.slice(1)).size).toBe(8);
    expect(animationClass('PULSE_OUT')).toBe('sg-anim-pulse-out');
  });

  it('caps width and height at the container', () => {
    expect(capSize(500, 900)).toEqual({ width: 375, height: 739 });
    expect(capSize(120, 40)).toEqual({ width: 120, height: 40 });
    expect(capSize(400, 300, { width: 320, height: 200 })).toEqual({ width: 320, height: 200 });
  });

  it('clamps button text to 1 to 3 lines by height', () => {
    expect(textLineClamp(10, 14)).toBe(1);
    expect(textLineClamp(40, 14)).toBe(2);
    expect(textLineClamp(60, 14)).toBe(3);
    expect(textLineClamp(400, 14)).toBe(3);
  });

  it('loads at once the images of at most three media buttons, the first ones', () => {
    const list = ['a', 'b', 'c', 'd', 'e'].map((id) => button({ id, buttonType: 'media', buttonImageUrl: `https://cdn.example/${id}.png` }));
    list.splice(1, 0, button({ id: 't', buttonText: 'text' }));
    expect([...preloadedButtonIds(list)]).toEqual(['a', 'b', 'c']);
  });
});

describe('link areas and media', () => {
  it('falls back to 50 × 50 px for a link area without a size', () => {
    expect(linkAreaSize(0, undefined)).toEqual({ width: 50, height: 50 });
    expect(linkAreaSize(80, 30)).toEqual({ width: 80, height: 30 });
  });

  it('recognises video URLs by their extension', () => {
    expect(looksLikeVideo('https://cdn.example/a.mp4?x=1')).toBe(true);
    expect(looksLikeVideo('https://cdn.example/a.png')).toBe(false);
  });
});
