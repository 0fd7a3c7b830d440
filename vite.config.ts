import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  build: {
    assetsInlineLimit: 0,
    // terser, two passes: about 3.5 KB (gzip) less than esbuild's minifier on every page, most of
    // it in React Router's code (docs/decisions/025-what-the-browser-loads-when.md).
    minify: "terser",
    terserOptions: { compress: { passes: 2 } },
  },
});
