/**
 * The SDK's type declarations as text, keyed by path (`/node_modules/@anthropic-ai/sdk/index.d.ts`).
 * Imported only dynamically (sdk-types.ts), so they form a chunk of their own that lessons
 * without the SDK never load.
 */
export const sdkDeclarations = import.meta.glob<string>(
  '/node_modules/@anthropic-ai/sdk/**/*.d.ts',
  {
    query: '?raw',
    import: 'default',
    eager: true,
  },
);
