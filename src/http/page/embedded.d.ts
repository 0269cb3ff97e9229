/**
 * Files embedded as text at build time by scripts/page-embed.ts (the esbuild plugin tsup uses and
 * the vite plugin vitest uses): `?raw` is the file's text, `?browser` the browser script bundled.
 */
declare module "*?raw" {
  const text: string;
  export default text;
}

declare module "*?browser" {
  const script: string;
  export default script;
}
