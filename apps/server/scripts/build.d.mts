/** esbuild's metafile, as far as the build's test reads it. */
export interface BuildMetafile {
  readonly outputs: Record<
    string,
    {
      readonly imports: readonly {
        readonly path: string;
        readonly kind: string;
        readonly external?: boolean;
      }[];
    }
  >;
}
/** Builds the server to JavaScript in `outdir` (default apps/server/dist): main.js and pgliteWorker.js. */
export declare function buildServer(outdir?: string): Promise<BuildMetafile>;
