export * from './constants.ts';
export * from './language.ts';
export * from './page.ts';
export * from './position.ts';
export * from './site.ts';
export * from './sns.ts';
export * from './validation.ts';
export * from './visitor-path.ts';
