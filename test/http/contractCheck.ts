/**
 * The contract check the HTTP suites run on every answer: a 2xx JSON body must parse with the
 * core/api response schema of its endpoint, the same schema (and leniency) the runner parses with.
 * So every suite that talks to the sandbox is also a test that the sandbox answers what the client
 * reads.
 */
import { checkShape, endpointBodies } from '../../core/api';
import { matchEndpoint } from '../../core/document/httpEndpoints';

/** Thrown when an answer of the sandbox does not match its endpoint's schema. */
export class ContractViolation extends Error {
  constructor(
    readonly endpoint: string,
    readonly path: string,
    problem: string,
  ) {
    super(`${endpoint} answered a body that core/api's response schema refuses at ${path}: ${problem}`);
    this.name = 'ContractViolation';
  }
}

/**
 * Checks the body of one answer. `apiPath` is relative to the API root (`/query`,
 * `/code-lists?field=x`); `json` is the parsed body, undefined when it was not JSON. An endpoint
 * the table does not know (the token endpoint, a wrong path) is not checked: its suite tests it.
 */
export function checkAnswerContract(method: string, apiPath: string, status: number, json: unknown): void {
  if (status < 200 || status > 299 || json === undefined) return;
  const endpoint = matchEndpoint(apiPath.replace(/[?#].*$/, '').replace(/^\/+/, ''));
  if (!endpoint) return;
  const name = `${method.toUpperCase()} ${endpoint.path}`;
  const schema = endpointBodies[name]?.response;
  if (!schema) return;
  const checked = checkShape(schema, json);
  if (!checked.ok) throw new ContractViolation(name, checked.path, checked.problem);
}
