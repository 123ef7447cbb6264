/**
 * The three kinds of error that cross module boundaries. Validation findings are not errors: they are `Issue` data.
 * - `UsageError`: the caller asked for something impossible (bad option, bad profile file). The CLI exits 2.
 * - `InputError`: a file could not be read as promised; carries file, line and column. The CLI exits 1.
 * - `NetworkError`: an endpoint could not be reached or answered (network down, timeout). The CLI exits 1.
 * - `CclupeError`: a programmer error inside the toolkit, e.g. "meanBalance requires at least one row".
 */
export class CclupeError extends Error {
  override name = 'CclupeError';
}

/** A bad option, argument or configuration file. `field` names what was wrong, e.g. `--rows-min` or `income[0].cadence`. */
export class UsageError extends CclupeError {
  override name = 'UsageError';
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

/** A location in an input file: 1-based line and column. */
export interface Location {
  file: string;
  line?: number;
  column?: number;
}

/** Input that cannot be read as promised, with where it went wrong. */
export class InputError extends CclupeError {
  override name = 'InputError';
  constructor(
    message: string,
    readonly location: Location,
  ) {
    super(message);
  }

  /** `file:line:column: message`, the form editors and terminals link. */
  format(): string {
    const { file, line, column } = this.location;
    const where = [file, line, line !== undefined ? column : undefined].filter((p) => p !== undefined).join(':');
    return `${where}: ${this.message}`;
  }
}

/** An endpoint that could not be reached (refused connection, DNS, timeout): the environment, not the usage, is wrong. */
export class NetworkError extends CclupeError {
  override name = 'NetworkError';
}
