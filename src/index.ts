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
export * from './hash.js';
// the shell's file readers and writers that the library API offers (the rest of src/io serves the CLI)
export { validateDataset, isDatasetDir, type ValidateDatasetOptions, type DatasetValidation } from './io/validate-dataset.js';
export { readDatasetForPerturb, writePerturbedDataset, PerturbedDatasetWriter, readPerturbations, readLogTexts, readRobustnessSide, type RobustnessSide } from './io/perturb-dataset.js';
export * from './io/eval-dataset.js';
export * from './io/eval-store.js';
export * from './io/eval-run-dir.js';
export * from './reader/index.js';
export { readLogFile, listLogFiles, LOG_FILE_EXTENSIONS } from './io/log-files.js';
export { readDialect, parseDialect } from './io/dialect-read.js';
