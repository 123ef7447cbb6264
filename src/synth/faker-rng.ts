import type { Faker, Randomizer } from '@faker-js/faker';
import { faker as enFaker } from '@faker-js/faker/locale/en';
import type { Rng } from '../random/rng.js';

/** Faker's reference date for anything relative to "now": fixed, so that output never depends on the clock. */
export const FAKER_REF_DATE = Date.UTC(2023, 0, 1);

/**
 * A faker `Randomizer` that reads from whichever `Rng` is current. One Faker per process is built on it and each log
 * swaps its own stream in, so faker draws come from the log's stream without building a Faker per log.
 * `seed()` is a no-op: seeding is the stream's business.
 */
export class SwappableRandomizer implements Randomizer {
  current: Rng = { next: () => 0 };

  // Arrow properties: faker calls these detached from the object.
  next = (): number => this.current.next();

  seed = (): void => {};
}

let shared: { faker: Faker; randomizer: SwappableRandomizer } | undefined;

/**
 * The process-wide Faker (English locale; importing only that locale keeps start-up and memory small), driven by a
 * `SwappableRandomizer` and pinned to `FAKER_REF_DATE`.
 */
export function sharedFaker(): { faker: Faker; randomizer: SwappableRandomizer } {
  if (!shared) {
    const randomizer = new SwappableRandomizer();
    const FakerClass = enFaker.constructor as new (options: { locale: unknown; randomizer: Randomizer }) => Faker;
    const faker = new FakerClass({ locale: enFaker.rawDefinitions, randomizer });
    faker.setDefaultRefDate(FAKER_REF_DATE);
    shared = { faker, randomizer };
  }
  return shared;
}
