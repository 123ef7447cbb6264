export * from './schema/index.js';
export * from './random/index.js';
export * from './log/index.js';
export * from './errors.js';
export * from './synth/index.js';
export { loadProfile, listProfiles, PROFILES_DIR } from './io/profiles.js';
export * from './score/index.js';
export * from './drift/index.js';
export * from './validate/index.js';
export { VERSION } from './version.js';
export * from './perturb/index.js';
export * from './eval/index.js';
export * from './questions/index.js';
export * from './signals/index.js';
// both validate (remarks) and questions (stems) name a checkLeakage: the bare name stays validate's
export { checkLeakage } from './validate/index.js';
export { checkLeakage as checkStemLeakage } from './questions/index.js';
export * from './report/index.js';
