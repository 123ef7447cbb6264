/** The number of marks (bars, error-bar rules) vega drew in the mark group whose class ends with `name`. */
export function marksIn(svg: string, name: string): number {
  const group = new RegExp(`<g class="mark-[a-z]+ role-mark ${name}"[^>]*>(.*?)</g>`, 's').exec(svg);
  return group ? (group[1].match(/<(path|line)\b/g) ?? []).length : 0;
}

/** Every text a chart printed (axis labels, values, titles), in document order. */
export function textsOf(svg: string): string[] {
  return [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
}
