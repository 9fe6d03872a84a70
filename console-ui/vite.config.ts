import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import vue from '@vitejs/plugin-vue';

// The administrator console, served by the host at /console/ (src/host/ui). `@shared` holds the API client,
// shell and styles used by both apps (uc-ui imports it too).
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/console/',
  plugins: [vue()],
  resolve: { alias: { '@shared': fileURLToPath(new URL('./shared', import.meta.url)) } },
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 800 },
  server: { proxy: { '^/(apis|login|logout|payment|openapi.json)': 'http://localhost:8090' } },
});
