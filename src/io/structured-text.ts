import { parse as parseYaml, YAMLParseError } from 'yaml';
import { InputError } from '../errors.js';
import { parseJsonText, withoutBom } from './json-text.js';

/**
 * Parses the text of a JSON or YAML file (profiles, dialects, run configs). `.json` is read as strict JSON: YAML reads
 * JSON too, but leniently (`"temperature": }` became null and left the parameter out without a word), so a file that
 * says it is JSON is held to JSON. `.yaml` and `.yml` are YAML; any other name is JSON when it starts with `{` or `[`,
 * else YAML. A parse failure is an `InputError` naming the file, and the line and column where they are known, in one
 * line.
 */
export function parseStructuredText(text: string, file: string): unknown {
  const json = /\.json$/i.test(file) || (!/\.ya?ml$/i.test(file) && /^\s*[[{]/.test(withoutBom(text)));
  if (json) return parseJsonText(text, file);
  try {
    return parseYaml(text);
  } catch (err) {
    const pos = err instanceof YAMLParseError ? err.linePos?.[0] : undefined;
    const first = (err as Error).message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '');
    throw new InputError(`not valid YAML: ${first}`, pos ? { file, line: pos.line, column: pos.col } : { file });
  }
}
