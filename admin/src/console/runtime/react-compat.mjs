/**
 * What the console's `import … from 'react'` resolves to in the build (astro.config.mjs): Preact's
 * compat layer, a fifth of React DOM's weight, with one hook replaced. Preact derives `useId` from
 * the position in the tree, and two fields shown conditionally side by side were handed the same
 * id (a label then named the wrong control); a counter per mounted component cannot collide, and
 * the console renders only in the browser, so there is no server markup to agree with.
 */
import { useState } from 'preact/hooks';

export * from 'preact/compat';
export { default } from 'preact/compat';

let issued = 0;

/** @returns {string} an id no other mounted component has */
export function useId() {
  const [id] = useState(() => `sg-${(issued++).toString(36)}`);
  return id;
}
