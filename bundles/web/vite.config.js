// Builds src/main/web into target/classes/web, which bnd packs into the bundle (StaticServlet serves it).
// Relative asset paths: the pages work under any context path; nothing is loaded from a CDN.
import { defineConfig } from 'vite';

export default defineConfig({
  root: 'src/main/web',
  base: './',
  logLevel: 'warn',
  build: {
    outDir: '../../../target/classes/web',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    sourcemap: false,
  },
});
