import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { precompress } from './scripts/vite-precompress';

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    // `npm run dev`: the app from Vite, /api from the Node server (`npm run serve`) on 8080.
    proxy: { '/api': 'http://localhost:8080' },
  },
  build: { sourcemap: true },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'app',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['src/test/setup.ts'],
        },
      },
      {
        extends: true,
        test: { name: 'server', environment: 'node', include: ['server/**/*.test.ts'] },
      },
    ],
  },
});
