import type { ConfigData } from 'html-validate';

/**
 * What the published pages are held to (published-html.test.ts): html-validate's recommended
 * rules, less three that judge a choice rather than an error.
 */
const config: ConfigData = {
  extends: ['html-validate:recommended'],
  rules: {
    // Owners place every element and pick its colours per page; those values reach the page as inline styles.
    'no-inline-style': 'off',
    // `<img/>` (the renderer's) and `<img>` (the head's) are both HTML; which one is a matter of style.
    'void-style': 'off',
    // An owner's HTML button holds the owner's own markup, which a <button> may not contain: it is a role="button" element that takes Enter and Space.
    'prefer-native-element': 'off',
  },
};

export default config;
