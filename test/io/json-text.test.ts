import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import { jsonErrorOffset, parseJsonText, shortJsonMessage } from '../../src/io/json-text.js';

describe('jsonErrorOffset', () => {
  it('finds the first character that cannot continue JSON', () => {
    // offsets counted by hand: the character under the caret
    expect(jsonErrorOffset('{"a": }')).toBe(6);
    expect(jsonErrorOffset('[1, 2,]')).toBe(6);
    expect(jsonErrorOffset('{"a" 1}')).toBe(5);
    expect(jsonErrorOffset('{"a": tru}')).toBe(9);
    expect(jsonErrorOffset('{"a": 01}')).toBe(7);
    expect(jsonErrorOffset('"\\x"')).toBe(2);
    expect(jsonErrorOffset('{"a": 1} x')).toBe(9);
    expect(jsonErrorOffset('\uFEFF{}')).toBe(0);
  });

  it('puts a truncated text at its end, and finds nothing in JSON', () => {
    expect(jsonErrorOffset('{"a": [1, 2')).toBe(11);
    expect(jsonErrorOffset('')).toBe(0);
    expect(jsonErrorOffset('{"a": [1, -2.5e3, true, false, null, "\\u00e9"]}')).toBe(-1);
  });
});

describe('parseJsonText', () => {
  it('skips a leading byte-order mark of a file, and of the first line of a JSON Lines file only', () => {
    expect(parseJsonText('\uFEFF{"a":1}', 'f.json')).toEqual({ a: 1 });
    expect(parseJsonText('\uFEFF{"a":1}', 'f.jsonl', 1)).toEqual({ a: 1 });
    expect(() => parseJsonText('\uFEFF{"a":1}', 'f.jsonl', 2)).toThrow(InputError);
  });

  it('names line and column: from the text for a file, the given line for a JSON Lines line', () => {
    const at = (f: () => unknown) => {
      try {
        f();
      } catch (err) {
        return (err as InputError).location;
      }
      return null;
    };
    expect(at(() => parseJsonText('{\n  "a": 1,\n  "b" 2\n}', 'p.json'))).toEqual({ file: 'p.json', line: 3, column: 7 });
    expect(at(() => parseJsonText('{"a": [1', 'p.jsonl', 4))).toEqual({ file: 'p.jsonl', line: 4, column: 9 });
  });
});

describe('shortJsonMessage', () => {
  it('drops the position and excerpt of every form of Node message (line and column say where)', () => {
    expect(shortJsonMessage('Unexpected non-whitespace character after JSON at position 5697')).toBe('Unexpected non-whitespace character after JSON');
    expect(shortJsonMessage("Expected property name or '}' in JSON at position 1 (line 1 column 2)")).toBe("Expected property name or '}'");
    expect(shortJsonMessage('Unexpected token \'}\', ..." "label": }" is not valid JSON')).toBe("Unexpected token '}'");
  });
});

