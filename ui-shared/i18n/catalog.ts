/**
 * The shape of a message catalog. No imports, so catalogs (and the tests that read them) can name it from
 * anywhere. vue-i18n syntax: `{name}` is a placeholder; a literal `@`, `{`, `}`, `|` must be written `{'@'}`.
 */
export type Messages = { [key: string]: string | Messages };

/** A catalog with the same keys as `T`, every leaf a string: what the English file must provide. */
export type CatalogShape<T> = { [K in keyof T]: T[K] extends string ? string : CatalogShape<T[K]> };
