// Modules without their own types. Single-file components need no declaration: vue-tsc reads the .vue files.
declare module 'element-plus/es/locale/lang/*.mjs' {
  import type { Language } from 'element-plus/es/locale';
  const language: Language;
  export default language;
}

declare module '*.css';
