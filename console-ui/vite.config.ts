import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import vue from '@vitejs/plugin-vue';

// The administrator console, served by the host at /console/ (src/host/ui). `@shared` is ui-shared/, the foundation both apps
// are built on (API client, i18n, router, layout, table, forms).
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/console/',
  plugins: [vue()],
  resolve: { alias: { '@shared': fileURLToPath(new URL('../ui-shared', import.meta.url)) } },
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 1500 },
  server: {
    proxy: { '^/(apis|login|logout|payment|openapi.json)': 'http://localhost:8090' },
    fs: { allow: ['..'] },
  },
});
