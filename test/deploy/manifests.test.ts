import { beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import os from 'node:os';
import { parseAllDocuments } from 'yaml';
import { Job } from 'kubernetes-models/batch/v1/Job';
import { PersistentVolumeClaim } from 'kubernetes-models/v1/PersistentVolumeClaim';
import { cclupe } from '../support/cli.js';

const ROOT = resolve(__dirname, '../..');
const CLI = join(ROOT, 'dist/cli/main.js');

/** The documents of a YAML file, each validated against its Kubernetes schema (kubernetes-models; no cluster). */
function load(file: string): Array<Record<string, any>> {
  const docs = parseAllDocuments(readFileSync(join(ROOT, 'deploy/k8s', file), 'utf8'));
  return docs.map((d) => {
    expect(d.errors).toEqual([]);
    const value = d.toJS() as Record<string, any>;
    const model = value.kind === 'Job' ? new Job(value as never) : value.kind === 'PersistentVolumeClaim' ? new PersistentVolumeClaim(value as never) : null;
    expect(model, `${file}: unexpected kind ${value.kind}`).not.toBeNull();
    model!.validate();
    return value;
  });
}

/** `cclupe <verb> --help` of the verbs the manifests run, from the built CLI in this process (`test/support/cli.ts`). */
const helps = new Map<string, string>();
beforeAll(async () => {
  for (const verb of ['generate', 'merge', 'eval']) {
    const r = await cclupe([verb, '--help']);
    expect(r.status).toBe(0);
    helps.set(verb, r.stdout);
  }
});

function help(verb: string): string {
  const text = helps.get(verb);
  expect(text, `help of ${verb}`).toBeDefined();
  return text!;
}

/** Every `--option` of the container's arguments is one that `cclupe <verb> --help` lists. */
function expectKnownOptions(args: string[], verb: string): void {
  const text = help(verb);
  for (const a of args.filter((x) => x.startsWith('--'))) expect(text, `${verb} ${a}`).toContain(`${a} `);
}

/** What every pod spec of ours must say: non-root, no privilege escalation, the shared claim at /data, resources. */
function expectPodBasics(job: Record<string, any>): Record<string, any> {
  const pod = job.spec.template.spec;
  expect(pod.restartPolicy).toBe('Never');
  expect(pod.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: 1000 });
  expect(pod.volumes).toEqual([{ name: 'data', persistentVolumeClaim: { claimName: 'cclupe-data' } }]);
  expect(pod.containers).toHaveLength(1);
  const c = pod.containers[0];
  expect(c.securityContext).toMatchObject({ allowPrivilegeEscalation: false, capabilities: { drop: ['ALL'] } });
  expect(c.volumeMounts).toEqual([{ name: 'data', mountPath: '/data' }]);
  expect(c.resources.requests.cpu).toBeDefined();
  expect(c.resources.requests.memory).toBeDefined();
  expect(c.resources.limits.memory).toBeDefined();
  return c;
}

/** An Indexed Job whose pods take the shard from JOB_COMPLETION_INDEX and write under their own index. */
function expectIndexed(job: Record<string, any>, c: Record<string, any>): void {
  expect(job.spec.completionMode).toBe('Indexed');
  expect(job.spec.backoffLimitPerIndex).toBeGreaterThanOrEqual(1);
  const args: string[] = c.args;
  expect(args[args.indexOf('--shard') + 1]).toBe(`auto/${job.spec.completions}`);
  expect(args[args.indexOf('--out') + 1]).toMatch(/\/\$\(SHARD_INDEX\)$/);
  expect(c.env).toContainEqual({ name: 'SHARD_INDEX', valueFrom: { fieldRef: { fieldPath: "metadata.annotations['batch.kubernetes.io/job-completion-index']" } } });
  expect(job.spec.podFailurePolicy.rules[0]).toMatchObject({ action: 'FailIndex', onExitCodes: { containerName: c.name, operator: 'In' } });
  expect(job.spec.podFailurePolicy.rules[0].onExitCodes.values).toContain(2);
}

describe('deploy/k8s manifests (validated against the Kubernetes schemas)', () => {
  it('volume.yaml: one ReadWriteMany claim, the cclupe-data every Job mounts', () => {
    const [pvc] = load('volume.yaml');
    expect(pvc).toMatchObject({ kind: 'PersistentVolumeClaim', metadata: { name: 'cclupe-data' }, spec: { accessModes: ['ReadWriteMany'] } });
  });

  it('generate-job.yaml: an Indexed Job of generate shards whose arguments the CLI accepts and runs', () => {
    const [job] = load('generate-job.yaml');
    const c = expectPodBasics(job);
    expectIndexed(job, c);
    expect(c.args[0]).toBe('generate');
    expectKnownOptions(c.args, 'generate');
    expect(job.spec.completions).toBe(100);
    expect(Number(c.args[c.args.indexOf('--count') + 1]) / job.spec.completions).toBe(1_000_000);
    // The same arguments run: a pod's command, with a small count and a local path.
    const out = join(mkdtempSync(join(os.tmpdir(), 'cclupe-deploy-')), '7');
    const args = c.args.map((a: string, i: number) => (c.args[i - 1] === '--count' ? '300' : c.args[i - 1] === '--out' ? out : a));
    const r = spawnSync(process.execPath, [CLI, ...args.slice()], { encoding: 'utf8', env: { ...process.env, JOB_COMPLETION_INDEX: '7', CI: '1' } });
    expect({ status: r.status, stderr: r.stderr }).toEqual({ status: 0, stderr: '' });
    expect(JSON.parse(r.stdout)).toMatchObject({ shard: '8/100', logs: 3, shard_manifest: { file: join(out, 'shard.json'), status: 'written' } });
  }, 180_000);

  it('merge-job.yaml: one pod merging every shard of the generate Job', () => {
    const [job] = load('merge-job.yaml');
    const c = expectPodBasics(job);
    expect(c.command).toEqual(['/bin/sh', '-c']);
    expect(c.args[0]).toMatch(/^exec cclupe merge \/data\/run-42\/shards\/\* -o \/data\/run-42\/dataset /);
    expectKnownOptions(c.args[0].split(' ').slice(2), 'merge');
  });

  it('eval-job.yaml: an Indexed Job of eval shards, the API key from a Secret and never in the manifest', () => {
    const [job] = load('eval-job.yaml');
    const c = expectPodBasics(job);
    expectIndexed(job, c);
    expect(c.args[0]).toBe('eval');
    expectKnownOptions(c.args, 'eval');
    expect(c.args[c.args.indexOf('--api-key-env') + 1]).toBe('OPENAI_API_KEY');
    expect(c.env).toContainEqual({ name: 'OPENAI_API_KEY', valueFrom: { secretKeyRef: { name: 'cclupe-openai', key: 'api-key' } } });
    expect(c.env.every((e: Record<string, unknown>) => e.value === undefined)).toBe(true);
  });
});

describe('deploy/Dockerfile', () => {
  const text = readFileSync(join(ROOT, 'deploy/Dockerfile'), 'utf8');
  const lines = text.split('\n').filter((l) => l.trim() !== '' && !l.startsWith('#'));

  it('builds a slim Node 20 image that installs the package from its npm pack tarball and runs cclupe as a non-root user', () => {
    const froms = lines.filter((l) => l.startsWith('FROM '));
    expect(froms.length).toBe(2);
    for (const f of froms) expect(f).toMatch(/^FROM node:20(\.\d+)*-\w+-slim\b/);
    expect(text).toMatch(/npm pack --pack-destination/);
    expect(text).toMatch(/npm install --global --omit=dev [^\n]*cclupe-kit-\*\.tgz/);
    const user = lines.filter((l) => l.startsWith('USER '));
    expect(user).toEqual(['USER node']);
    expect(lines.indexOf('USER node')).toBeGreaterThan(lines.findIndex((l) => l.includes('npm install --global')));
    expect(lines).toContain('ENTRYPOINT ["cclupe"]');
  });

  it('packs what the image needs: the tarball holds the CLI, the profiles and the dialects', () => {
    const r = spawnSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: ROOT, encoding: 'utf8' });
    expect(r.status).toBe(0);
    const files = (JSON.parse(r.stdout) as Array<{ files: Array<{ path: string }> }>)[0].files.map((f) => f.path);
    expect(files).toContain('dist/cli/main.js');
    expect(files).toContain('package.json');
    expect(files.some((f) => f.startsWith('profiles/'))).toBe(true);
    expect(files.some((f) => f.startsWith('dialects/'))).toBe(true);
    // Every file the Dockerfile copies into the build stage is let through by its .dockerignore.
    const ignore = readFileSync(join(ROOT, 'deploy/Dockerfile.dockerignore'), 'utf8');
    for (const m of text.matchAll(/^COPY (?!--from)(.+) \S+$/gm)) for (const src of m[1].split(' ')) expect(ignore, src).toContain(`!${src}`);
  }, 180_000);
});
