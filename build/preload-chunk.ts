import type { Plugin } from 'vite';

/**
 * The editor is a lazy chunk (the lesson text shows first), but every visit needs it, so the
 * page should not wait to ask for it until its own script has run. This names the chunk of
 * `module` (and its stylesheet) in index.html: the browser fetches and compiles it alongside
 * the app's script, and the stylesheet applies with the first paint instead of restyling the
 * whole page later, in the middle of the editor's start-up.
 */
export function preloadChunk(module: string): Plugin {
  let base = '/';
  return {
    name: 'theinference:preload-chunk',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const chunk = Object.values(context.bundle ?? {}).find(
          (output) => output.type === 'chunk' && output.facadeModuleId?.endsWith(module),
        );
        if (!chunk || chunk.type !== 'chunk') {
          throw new Error(`preloadChunk: no chunk for ${module} in the build`);
        }
        const css = [...(chunk.viteMetadata?.importedCss ?? [])];
        return [
          {
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${chunk.fileName}` },
            injectTo: 'head',
          },
          ...css.map((file) => ({
            tag: 'link',
            attrs: { rel: 'stylesheet', crossorigin: true, href: `${base}${file}` },
            injectTo: 'head' as const,
          })),
        ];
      },
    },
  };
}
