import { describe, expect, it } from 'vitest';
import { formatJsonl, jsonLine, parseJsonl } from '../../src/io/jsonl.js';
import { ITEM_FLOAT_FIELDS } from '../../src/schema/item.js';
import { LABEL_FLOAT_FIELDS, LogLabels } from '../../src/schema/labels.js';
import { PREDICTION_FLOAT_FIELDS } from '../../src/schema/prediction.js';
import { loadProfile } from '../../src/io/profiles.js';
import { generateLog } from '../../src/synth/index.js';

describe('jsonLine', () => {
  it('writes whole numbers under a float field with a decimal point, and leaves every other number alone', () => {
    const floats = new Set(['strength', 'intensity']);
    const record = { n: 3, strength: 0, nested: { intensity: 1, other: 2, list: [{ strength: 0.628 }, { strength: -0 }] }, text: 'strength: 0' };
    expect(jsonLine(record, floats)).toBe(
      '{"n":3,"strength":0.0,"nested":{"intensity":1.0,"other":2,"list":[{"strength":0.628},{"strength":0.0}]},"text":"strength: 0"}',
    );
    expect(JSON.parse(jsonLine(record, floats))).toEqual({ ...record, nested: { ...record.nested, list: [{ strength: 0.628 }, { strength: 0 }] } });
    expect(jsonLine(record)).toBe(JSON.stringify(record));
  });

  it('touches only real keys: not a key spelt inside a text, not a number in a list, not a huge or fractional number', () => {
    const floats = new Set(['strength']);
    const record = {
      a: '{"strength":1}',
      b: ',"strength":2,',
      c: 'ends in a backslash \\',
      strength: 3,
      list: { strength: [4, 5] },
      big: { strength: 1e21 },
      frac: { strength: 1.25 },
      neg: { strength: -7 },
      last: [{ x: 1, strength: 8 }],
    };
    expect(jsonLine(record, floats)).toBe(
      '{"a":"{\\"strength\\":1}","b":",\\"strength\\":2,","c":"ends in a backslash \\\\","strength":3.0,"list":{"strength":[4,5]},' +
        '"big":{"strength":1e+21},"frac":{"strength":1.25},"neg":{"strength":-7.0},"last":[{"x":1,"strength":8.0}]}',
    );
  });

  it('names the real-valued fields of labels, questions and predictions', () => {
    expect([...LABEL_FLOAT_FIELDS].sort()).toEqual(['annual_rate', 'intensity', 'strength']);
    expect([...ITEM_FLOAT_FIELDS]).toEqual(['numeric_answer']);
    expect([...PREDICTION_FLOAT_FIELDS]).toEqual(['value']);
  });

  it('writes every strength and intensity of generated labels as a float, so readers that infer types from the first lines read floats', () => {
    const lines: string[] = [];
    for (let index = 0; index < 6; index++) {
      const { labels } = generateLog(loadProfile(index % 2 ? 'personal-healthy' : 'sme-restaurant'), { masterSeed: '16', index });
      lines.push(jsonLine(labels, LABEL_FLOAT_FIELDS));
    }
    const text = lines.join('\n') + '\n';
    // a healthy log's labels hold zeros: before, they were written `0`, an integer to a reader inferring types
    expect(text).toMatch(/"strength":0\.0,/);
    expect(text).toMatch(/"intensity":0\.0\b/);
    expect(text).not.toMatch(/"(strength|intensity|annual_rate)":-?\d+[,}]/);
    // the same values read back, and the bytes are stable
    expect(parseJsonl(text, LogLabels, 'labels.jsonl')).toHaveLength(6);
    expect(formatJsonl(lines.map((l) => JSON.parse(l) as unknown), LABEL_FLOAT_FIELDS)).toBe(text);
  });
});
