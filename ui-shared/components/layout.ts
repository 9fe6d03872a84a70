/** The other app the layout's user menu links to (the console from the user center and back). */
export interface OtherApp {
  href: string;
  /** Catalog key of its name. */
  label: string;
  /** Shown only to callers with this UI permission. */
  permission?: string;
}
