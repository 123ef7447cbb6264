import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import { parseStructuredText } from '../../src/io/structured-text.js';

function failure(text: string, file: string): InputError {
  try {
    parseStructuredText(text, file);
  } catch (err) {
    if (err instanceof InputError) return err;
    throw err;
  }
  throw new Error('parsed');
}

describe('parseStructuredText', () => {
  it('reads JSON and YAML by the file name, and JSON-looking text of any other name as JSON', () => {
    expect(parseStructuredText('{"model": "m"}', 'run.json')).toEqual({ model: 'm' });
    expect(parseStructuredText('model: m\ntemperature: 0\n', 'run.yaml')).toEqual({ model: 'm', temperature: 0 });
    expect(parseStructuredText('model: m\n', 'run.yml')).toEqual({ model: 'm' });
    expect(parseStructuredText('{"model": "m"}', 'run.conf')).toEqual({ model: 'm' });
    expect(parseStructuredText('model: m\n', 'run.conf')).toEqual({ model: 'm' });
  });

  it('holds a .json file to JSON: a value YAML would read as null is an error, not a silent default', () => {
    // YAML reads `"temperature": }` as temperature null, which dropped the parameter from every request
    const e = failure('{"model":"m",\n "temperature": }', 'run.json');
    expect(e.location.file).toBe('run.json');
    expect(e.message).toMatch(/^invalid JSON: /);
    expect(e.message).not.toContain('\n');
  });

  it('names the line and column of a JSON error where the parser gives its position', () => {
    const e = failure('{\n  "a": 1,\n  "b" 2\n}', 'p.json');
    expect(e.location).toEqual({ file: 'p.json', line: 3, column: 7 });
    // the parser's own words differ between V8 versions; the place does not
    expect(e.format()).toMatch(/^p\.json:3:7: invalid JSON: \S[^\n]*$/);
  });

  it('names the line and column of a YAML error, in one line', () => {
    const e = failure('a: [1,\n b: {', 'd.yaml');
    expect(e.location).toEqual({ file: 'd.yaml', line: 2, column: 6 });
    expect(e.message).toMatch(/^not valid YAML: /);
    expect(e.message).not.toContain('\n');
  });

  it('holds a file of another name that starts with { after a byte-order mark to JSON, as without one', () => {
    expect(parseStructuredText('\uFEFF{"model": "m"}', 'run.conf')).toEqual({ model: 'm' });
    expect(() => parseStructuredText('\uFEFF{"model": "m",\n "temperature": }', 'run.conf')).toThrow(/^invalid JSON: /);
  });
});

