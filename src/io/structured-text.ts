import { parse as parseYaml, YAMLParseError } from 'yaml';
import { InputError } from '../errors.js';

/**
 * Parses the text of a JSON or YAML file (profiles, dialects, run configs). `.json` is read as strict JSON: YAML reads
 * JSON too, but leniently (`"temperature": }` became null and left the parameter out without a word), so a file that
 * says it is JSON is held to JSON. `.yaml` and `.yml` are YAML; any other name is JSON when it starts with `{` or `[`,
 * else YAML. A parse failure is an `InputError` naming the file, and the line and column where they are known, in one
 * line.
 */
export function parseStructuredText(text: string, file: string): unknown {
  const json = /\.json$/i.test(file) || (!/\.ya?ml$/i.test(file) && /^\s*[[{]/.test(text));
  if (json) {
    try {
      return JSON.parse(text);
    } catch (err) {
      const message = (err as Error).message;
      const at = /at position (\d+)/.exec(message);
      const where = at ? lineColumn(text, Number(at[1])) : {};
      throw new InputError(`not valid JSON: ${message.replace(/ in JSON at position \d+.*$/, '').replace(/\s+/g, ' ')}`, { file, ...where });
    }
  }
  try {
    return parseYaml(text);
  } catch (err) {
    const pos = err instanceof YAMLParseError ? err.linePos?.[0] : undefined;
    const first = (err as Error).message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '');
    throw new InputError(`not valid YAML: ${first}`, pos ? { file, line: pos.line, column: pos.col } : { file });
  }
}

/** The 1-based line and column of a character offset. */
function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      start = i + 1;
    }
  }
  return { line, column: offset - start + 1 };
}
