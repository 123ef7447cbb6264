import { join } from 'node:path';
import type { ClientKind, Log } from '../schema/log-row.js';

/**
 * The dataset directory (SPEC §10), read and written by every command through `src/io`: where each file is, and how a
 * log is joined with its labels. The per-command views (`validate-dataset.ts`, `questions-dataset.ts`,
 * `perturb-dataset.ts`, `eval-dataset.ts`) build on these instead of spelling the layout out again.
 */
export interface DatasetFiles {
  dir: string;
  /** `logs/`: one `<log_id>.tsv` per log. */
  logs: string;
  labels: string;
  manifest: string;
  questions: string;
  /** `dialects/`: the dialect of each reformatted log (`<log_id>.json`), as `cclupe perturb` writes it. */
  dialects: string;
  /** `validation.json`, written by `cclupe validate`. */
  validation: string;
  /** `perturbations.jsonl` of a perturbed dataset. */
  perturbations: string;
}

/** The files of the dataset directory `dir`. */
export function datasetFiles(dir: string): DatasetFiles {
  return {
    dir,
    logs: join(dir, 'logs'),
    labels: join(dir, 'labels.jsonl'),
    manifest: join(dir, 'manifest.json'),
    questions: join(dir, 'questions.jsonl'),
    dialects: join(dir, 'dialects'),
    validation: join(dir, 'validation.json'),
    perturbations: join(dir, 'perturbations.jsonl'),
  };
}

/** `logs/<log_id>.tsv` of a dataset. */
export function logFileOf(dir: string, logId: string): string {
  return join(dir, 'logs', `${logId}.tsv`);
}

/** `dialects/<log_id>.json` of a dataset. */
export function dialectFileOf(dir: string, logId: string): string {
  return join(dir, 'dialects', `${logId}.json`);
}

/** What a log takes from its labels line: the client kind, for SME the business category, and the profile. */
export interface LabelFacts {
  client_kind?: ClientKind;
  business_category?: string | null;
  /** The generator profile, when the labels name one. */
  profile?: string;
}

/**
 * Joins a log with its labels: the client kind and business category the file does not carry. `override` lets the
 * labels win over what the reader found (perturbation sources, whose labels are the truth); otherwise they only fill
 * what is missing.
 */
export function joinLabelFacts(log: Log, facts: LabelFacts | null | undefined, override = false): Log {
  if (!facts) return log;
  if (override) return { ...log, clientKind: facts.client_kind, businessCategory: facts.business_category ?? undefined };
  if (facts.client_kind && !log.clientKind) log.clientKind = facts.client_kind;
  if (facts.business_category && !log.businessCategory) log.businessCategory = facts.business_category;
  if (facts.profile && !log.profile) log.profile = facts.profile;
  return log;
}
