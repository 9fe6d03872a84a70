/**
 * Code resources are named after the code itself (lower case), so one code exists once, and redeeming it
 * reads it by name: permanent `xxxxx-xxxxx-xxxxx-xxxxx`, free `xxxxxxxx`.
 */
export function codeResourceName(code: string): string {
  return code.toLowerCase();
}
