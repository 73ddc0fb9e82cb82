import { parseEnv } from '../env';
import { AdminUsageError, runAdmin } from './admin-run';

/** `npm run admin -- <command>`: prints the command's lines; a wrong command line ends with status 2, a failure with 1. */
Promise.resolve()
  .then(() => runAdmin(process.argv.slice(2), parseEnv()))
  .then(
    (lines) => {
      for (const line of lines) console.log(line);
    },
    (error: Error) => {
      console.error(error.message);
      process.exitCode = error instanceof AdminUsageError ? 2 : 1;
    },
  );
