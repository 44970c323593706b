import { describe, expect, it } from 'vitest';
import { bodyTagsProblem, SEO_MESSAGES, seoDescriptionProblem, seoTextProblem } from './seo-rules.ts';
import { seoSchema } from './site.ts';

describe('seoTextProblem (title, H1)', () => {
  it('accepts letters of every script, digits, spaces and - | : ( ) [ ]', () => {
    for (const text of ['Swipegrid | Spring sale (2026) [JP]: new', 'スワイプで見るデモ', '春季促销 2026', '스와이프 데모', 'Café-Crème', '']) {
      expect(seoTextProblem(text), text).toBeNull();
    }
  });

  it('refuses underscores, emoji and other symbols', () => {
    for (const text of ['snake_case', 'Sale 🎉', 'Fish & chips', 'Buy now!', '50% off', 'a/b', 'テスト、デモ']) {
      expect(seoTextProblem(text), text).toBe(SEO_MESSAGES.characters);
    }
  });

  it('takes a text of only whitespace as empty', () => {
    expect(seoTextProblem('   ')).toBeNull();
    expect(seoSchema.parse({ title: '  ' }).title).toBe('');
  });

  it('refuses leading or trailing whitespace', () => {
    expect(seoTextProblem(' Title')).toBe(SEO_MESSAGES.whitespace);
    expect(seoTextProblem('Title\n')).toBe(SEO_MESSAGES.whitespace);
  });
});

describe('seoDescriptionProblem (a meta description is sentences)', () => {
  it('accepts sentence punctuation in every language, besides what a title takes', () => {
    for (const text of [
      'Spring sale, now on. Swipe through the looks!',
      'Is it for you? Try it: free for 14 days.',
      'スワイプで見るデモ。新作、登場！',
      '春・夏のコレクション「限定」をご覧ください（全12点）。',
      '春季促销：全场新品，欢迎选购！',
      '스와이프로 보는 데모입니다. 지금 확인하세요!',
      '“Quoted” and ‘single’ — with an ellipsis…',
      'Swipegrid | Spring sale (2026) [JP]: new',
      '',
    ]) {
      expect(seoDescriptionProblem(text), text).toBeNull();
    }
  });

  it('refuses emoji, underscores and other symbols', () => {
    for (const text of ['Sale 🎉', 'snake_case', 'Fish & chips', '50% off', 'a/b', 'mail@example.com', '★ New', '#tag']) {
      expect(seoDescriptionProblem(text), text).toBe(SEO_MESSAGES.descriptionCharacters);
    }
  });

  it('refuses leading or trailing whitespace, as every SEO field', () => {
    expect(seoDescriptionProblem(' Sentence.')).toBe(SEO_MESSAGES.whitespace);
  });

  it('is what the site settings apply to the description, while title and H1 keep the stricter rule', () => {
    expect(seoSchema.safeParse({ description: '新作、登場！今すぐチェック。' }).success).toBe(true);
    const title = seoSchema.safeParse({ title: '新作、登場！', h1: 'Buy now!' });
    expect(title.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['title', SEO_MESSAGES.characters],
      ['h1', SEO_MESSAGES.characters],
    ]);
    expect(seoSchema.safeParse({ description: 'Sale 🎉' }).error?.issues[0]?.message).toBe(SEO_MESSAGES.descriptionCharacters);
  });
});

describe('bodyTagsProblem', () => {
  it('accepts external deferred scripts, one or several, in any attribute order', () => {
    expect(bodyTagsProblem('<script src="https://cdn.example.com/a.js" defer></script>')).toBeNull();
    expect(bodyTagsProblem("<script defer src='/b.js' async></script>\n<script src=https://x.example/c.js defer></script>")).toBeNull();
    expect(bodyTagsProblem('')).toBeNull();
  });

  it('refuses inline scripts, scripts without src or defer, and other tags', () => {
    for (const html of [
      '<script>alert(1)</script>',
      '<script src="/a.js"></script>',
      '<script defer></script>',
      '<script src="" defer></script>',
      '<div>hello</div>',
      '<script src="/a.js" defer></script><img src=x onerror=alert(1)>',
      '<script src="/a.js" defer>alert(1)</script>',
    ]) {
      expect(bodyTagsProblem(html), html).toBe(SEO_MESSAGES.bodyTags);
    }
  });

  it('refuses eval, setTimeout and setInterval anywhere', () => {
    expect(bodyTagsProblem('<script src="/a.js?cb=setTimeout" defer></script>')).toBe(SEO_MESSAGES.forbiddenCall);
    expect(bodyTagsProblem('<script src="/eval.js" defer></script>')).toBe(SEO_MESSAGES.forbiddenCall);
  });
});

describe('seoSchema applies the character rules with the field named', () => {
  it('names the field whose text breaks a rule', () => {
    const result = seoSchema.safeParse({ title: 'Big_sale', body: '<script>x()</script>' });
    expect(result.success).toBe(false);
    const issues = result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(issues).toEqual([
      ['title', SEO_MESSAGES.characters],
      ['body', SEO_MESSAGES.bodyTags],
    ]);
  });

  it('leaves head tags free apart from length and surrounding whitespace', () => {
    expect(seoSchema.safeParse({ head: '<meta name="x" content="y"><style>a{}</style>' }).success).toBe(true);
    expect(seoSchema.safeParse({ head: ' <meta>' }).success).toBe(false);
  });
});
