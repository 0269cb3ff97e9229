/** Code-unit order of two strings: the one order every sort and tie-break in the project uses, locale-free. */
export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
