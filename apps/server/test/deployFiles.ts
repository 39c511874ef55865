/** What deploy/ holds, read for its tests: the compose file, the Kubernetes manifests, nginx's configuration for compose. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse, parseAllDocuments } from 'yaml';
import { renderNginxConfig } from '../src/cluster/nginx';

export const deployDir = fileURLToPath(new URL('../../../deploy/', import.meta.url));

export const readDeployFile = (path: string) => readFileSync(`${deployDir}${path}`, 'utf8');

/** A YAML file of deploy/ (every document of it). */
export function deployYaml(path: string): unknown[] {
  return parseAllDocuments(readDeployFile(path)).map((d) => d.toJS() as unknown);
}

export const parseYaml = (text: string): unknown => parse(text);

/**
 * nginx's configuration in the compose file (deploy/compose/nginx.conf): the template of
 * deploy/nginx/ with the app's replicas behind the service name `app` (nginx resolves it to
 * every replica when it starts) and the official image's paths.
 */
export function composeNginxConfig(): string {
  const header =
    '# Rendered from deploy/nginx/nginx.conf.template for deploy/compose.yaml (a test checks that it\n' +
    "# matches): the app service's replicas behind `app:3000`, which nginx resolves to every replica\n" +
    '# when it starts (restart nginx after changing the number of replicas). Logs go to the\n' +
    "# container's output; compose makes the temp folder before nginx starts.\n";
  const text = renderNginxConfig({
    listen: '80',
    backends: [{ host: 'app', port: 3000 }],
    dir: '/var/cache/nginx',
    workerProcesses: 'auto',
  });
  // logs to the container's output (`docker compose logs nginx`)
  return (
    header +
    text
      .replace('error_log /var/cache/nginx/error.log', 'error_log /dev/stderr')
      .replace('access_log /var/cache/nginx/access.log', 'access_log /dev/stdout')
  );
}
