// Single-file components as TypeScript sees them from .ts files (Vite compiles them; there is no vue-tsc).
declare module '*.vue' {
  import type { DefineComponent } from 'vue';
  const component: DefineComponent<object, object, unknown>;
  export default component;
}

declare module 'element-plus/es/locale/lang/*.mjs' {
  import type { Language } from 'element-plus/es/locale';
  const language: Language;
  export default language;
}

declare module '*.css';
