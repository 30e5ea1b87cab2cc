import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

/** Where `vite dev` forwards the console API; the server's default port unless overridden. */
const API_ORIGIN = process.env.DM51_API_ORIGIN ?? 'http://localhost:8080';

// The console's own bundle, served by the server at /admin: nothing here reaches the reader app.
export default defineConfig({
  base: '/admin/',
  // `source`: @dm51/shared's TypeScript (the ad placement rules the preview shares with the app).
  resolve: { dedupe: ['react', 'react-dom'], conditions: ['source', ...defaultClientConditions] },
  plugins: [react()],
  build: {
    outDir: 'dist',
    // antd + Refine make a large admin vendor chunk; the console is desktop-first and cached for good.
    chunkSizeWarningLimit: 2500,
  },
  server: { proxy: { '/admin/api': API_ORIGIN } },
});
