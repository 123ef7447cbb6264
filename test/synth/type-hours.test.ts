import { describe, expect, it } from 'vitest';
import { loadProfile } from '../../src/io/profiles.js';
import { profileTypeHours } from '../../src/synth/type-hours.js';

describe('profileTypeHours', () => {
  it("gives each type the hours the profile's flows and spending post it at", () => {
    const hours = profileTypeHours(loadProfile('sme-healthy'));
    // The software subscription is charged 00:00–06:59 (its flow's range) and at no other hour.
    const sub = hours.get('Subscription')!;
    expect(sub.slice(0, 7).every((w) => w > 0)).toBe(true);
    expect(sub.slice(7).every((w) => w === 0)).toBe(true);
    // A type the profile never posts has no hours.
    expect(hours.get('Late Fee')).toBeUndefined();
  });
  it('weighs purchases by the spending categories, from their hour tables', () => {
    const purchase = profileTypeHours(loadProfile('personal-night-shift')).get('Purchase')!;
    const healthy = profileTypeHours(loadProfile('personal-healthy')).get('Purchase')!;
    const night = (w: readonly number[]): number => w.slice(0, 5).reduce((a, b) => a + b, 0) / w.reduce((a, b) => a + b, 0);
    expect(night(purchase)).toBeGreaterThan(night(healthy));
  });
});
