/** Entry point of `npm run --workspace apps/server import-schools -- file.csv`. */
import { runImportSchools } from './importSchools';

runImportSchools({
  argv: process.argv.slice(2),
  env: process.env,
  cwd: process.env.INIT_CWD ?? process.cwd(),
  configCwd: process.cwd(),
  log: (line) => console.log(line),
}).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
