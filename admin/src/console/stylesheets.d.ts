// A screen may import a package's stylesheet for its side effect (Vite bundles it with the screen's chunk); it exports nothing.
declare module '*.css' {}
