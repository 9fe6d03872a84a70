import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import vue from '@vitejs/plugin-vue';

// The user center, served by the host at /uc/ (src/host/ui). The shell, API client and styles are shared
// with the console: `@shared` points at console-ui/shared.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/uc/',
  plugins: [vue()],
  resolve: { alias: { '@shared': fileURLToPath(new URL('../console-ui/shared', import.meta.url)) } },
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 800 },
  server: { port: 5174, proxy: { '^/(apis|login|logout|payment)': 'http://localhost:8090' }, fs: { allow: ['..'] } },
});
