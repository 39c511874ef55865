/**
 * deploy/: every variable the compose file and the Kubernetes manifests set is one the server's
 * configuration reads (a misspelt or removed one would be ignored without a word), the
 * ConfigMap and Secret together name every variable, their values pass the configuration's
 * checks, the probes are the server's, and nginx's configuration for compose is the rendered
 * template. (`docker-compose config` and the image itself run in deploy/ci/containers.sh.)
 */
import { describe, expect, it } from 'vitest';
import { configVariables, loadConfig } from '../src/config';
import { composeNginxConfig, deployYaml, readDeployFile } from './deployFiles';

type Env = Record<string, string>;
type Compose = { services: Record<string, { environment?: Env; stop_grace_period?: string }> };
type Manifest = {
  kind: string;
  metadata?: { name: string; annotations?: Env };
  data?: Env;
  stringData?: Env;
  spec?: {
    template?: {
      spec: {
        terminationGracePeriodSeconds: number;
        containers: {
          env?: { name: string }[];
          readinessProbe: { httpGet: { path: string } };
          livenessProbe: { httpGet: { path: string } };
          lifecycle: { preStop: { exec: { command: string[] } } };
          resources: { requests: Record<string, string>; limits: Record<string, string> };
        }[];
      };
    };
  };
};

const known = new Set(configVariables);
const unknown = (names: Iterable<string>) => [...names].filter((n) => !known.has(n));

/** `${NAME:-default}` → default, as compose does when NAME is unset. */
const withDefaults = (env: Env): Env =>
  Object.fromEntries(
    Object.entries(env).map(([k, v]) => [k, String(v).replace(/\$\{\w+:-([^}]*)\}/g, '$1')]),
  );

const compose = deployYaml('compose.yaml')[0] as Compose;
const manifests = ['configmap', 'secret', 'deployment', 'service', 'ingress', 'poddisruptionbudget'].flatMap(
  (name) => deployYaml(`kubernetes/${name}.yaml`) as Manifest[],
);
const ofKind = (kind: string) => manifests.find((m) => m.kind === kind)!;

describe('deploy/compose.yaml', () => {
  const app = compose.services.app!;

  it('sets only variables the server reads, with values it accepts', () => {
    const env = app.environment ?? {};
    expect(Object.keys(env).length).toBeGreaterThan(5);
    expect(unknown(Object.keys(env))).toEqual([]);
    const config = loadConfig(withDefaults(env), '/app');
    expect(config.databaseUrl).toMatch(/^postgres:\/\/dotink:.+@postgres:5432\/dotink$/);
    expect(config.objectStore?.bucket).toBe('dotink');
    // TRUST_PROXY=true: one proxy (nginx) in front, its X-Forwarded-For entry names the client
    expect(config.trustProxy).toBe(1);
  });

  it('gives the app longer to stop than the server takes to drain', () => {
    const grace = Number(app.environment?.SHUTDOWN_GRACE_SECONDS);
    expect(Number.parseInt(app.stop_grace_period ?? '10', 10)).toBeGreaterThan(grace);
  });

  it('runs nginx with the template of deploy/nginx/ rendered for the app service', () => {
    expect(readDeployFile('compose/nginx.conf')).toBe(composeNginxConfig());
  });
});

describe('deploy/kubernetes/', () => {
  const configMap = ofKind('ConfigMap').data ?? {};
  const secret = ofKind('Secret').stringData ?? {};
  const pod = ofKind('Deployment').spec!.template!.spec;
  const container = pod.containers[0]!;

  it('names every variable of the configuration once, in the ConfigMap or the Secret', () => {
    const names = [...Object.keys(configMap), ...Object.keys(secret)];
    expect(unknown(names)).toEqual([]);
    expect(new Set(names).size).toBe(names.length);
    expect([...known].filter((n) => !names.includes(n))).toEqual([]);
    expect(unknown((container.env ?? []).map((e) => e.name))).toEqual([]);
  });

  it('holds values the configuration accepts (empty: the default)', () => {
    const config = loadConfig({ ...configMap, ...secret }, '/app');
    expect(config.port).toBe(3000);
    expect(config.host).toBe('0.0.0.0');
    expect(config.databaseUrl).toBeDefined();
    expect(config.seedDemo).toBe(false);
  });

  it('probes readiness and liveness at the server’s endpoints and lets a pod drain', () => {
    expect(container.readinessProbe.httpGet.path).toBe('/api/ready');
    expect(container.livenessProbe.httpGet.path).toBe('/api/health');
    const preStop = Number(container.lifecycle.preStop.exec.command.at(-1));
    const grace = Number(configMap.SHUTDOWN_GRACE_SECONDS);
    expect(pod.terminationGracePeriodSeconds).toBeGreaterThan(preStop + grace);
    expect(container.resources.requests.cpu).toBeDefined();
    expect(container.resources.limits.memory).toBeDefined();
  });

  it('has a Service, an Ingress and a PodDisruptionBudget', () => {
    expect(manifests.map((m) => m.kind).sort()).toEqual([
      'ConfigMap',
      'Deployment',
      'Ingress',
      'Ingress',
      'PodDisruptionBudget',
      'Secret',
      'Service',
    ]);
  });

  it("sends a room's sockets to one pod by their path, with the same WebSocket timeouts as the rest", () => {
    const ingresses = manifests.filter((m) => m.kind === 'Ingress');
    const annotations = (name: string) =>
      ingresses.find((m) => m.metadata?.name === name)?.metadata?.annotations ?? {};
    const realtime = annotations('dotink-realtime');
    expect(realtime['nginx.ingress.kubernetes.io/upstream-hash-by']).toBe('$uri');
    expect(annotations('dotink')['nginx.ingress.kubernetes.io/upstream-hash-by']).toBeUndefined();
    for (const key of ['proxy-read-timeout', 'proxy-send-timeout', 'proxy-connect-timeout'])
      expect(realtime[`nginx.ingress.kubernetes.io/${key}`]).toBe(
        annotations('dotink')[`nginx.ingress.kubernetes.io/${key}`],
      );
  });
});
